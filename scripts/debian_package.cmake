# The Debian package: `cpack -G DEB` in a build configured for /usr
# (scripts/package.sh). It holds what `cmake --install` installs: the
# programs, the Python module, the manual page and the shipped files. Its
# dependencies are computed: the shared libraries the programs and the module
# load (dpkg-shlibdeps), and the Python the module was built for (its
# version, from the interpreter CMake found).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME chunker)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# The project's maintainers, as its commits name them.
set(CPACK_PACKAGE_CONTACT "Chunker maintainers <maintainers@users.noreply.a-seed-85ea529d.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "king-and-pawn endgame solver that reasons in chunks")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Chunker solves king-and-pawn endgames the way Campbell and Berliner's
CHUNKER did in 1983: it parses a position into chunks, looks each chunk up
in libraries built by retrograde analysis, and lets reasoning schemas
combine the entries into a proof of the position's value. An exact
tablebase of its domain checks every schema, and an exact solver answers
any position whose reachable positions fit in memory. It plays through UCI,
answers over HTTP (chunker serve) and from Python (import chunker).")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
if(CHUNKER_PYTHON)
  # The module's ABI is its interpreter's minor version (python/CMakeLists.txt).
  string(REPLACE "." ";" python_version ${CHUNKER_PYTHON_VERSION})
  list(GET python_version 0 python_major)
  list(GET python_version 1 python_minor)
  math(EXPR python_next "${python_minor} + 1")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "python3 (>= ${python_major}.${python_minor}~), python3 (<< ${python_major}.${python_next})")
endif()
# A native package's changelog, which Debian's policy asks for beside the copyright.
set(changelog ${PROJECT_BINARY_DIR}/changelog.gz)
string(TIMESTAMP package_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
file(WRITE ${PROJECT_BINARY_DIR}/changelog
  "chunker (${PROJECT_VERSION}) unstable; urgency=medium\n\n  * Release ${PROJECT_VERSION}.\n\n"
  " -- ${CPACK_PACKAGE_CONTACT}  ${package_date}\n")
execute_process(COMMAND gzip -9nf ${PROJECT_BINARY_DIR}/changelog)
install(FILES ${changelog} DESTINATION ${CMAKE_INSTALL_DOCDIR})
include(CPack)
