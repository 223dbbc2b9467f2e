"""`cmake --install` puts the Python module into site-packages under the prefix: installed into a fresh prefix,
`import chunker` works from another directory with that site-packages on the path, the module loaded is the
installed one, and chunker.open has the signature docs/python.md shows.

Usage: python_install_test.py BUILD_DIR PYTHON_DIR (the module's folder under the prefix, CHUNKER_PYTHON_DIR)."""
import os
import subprocess
import sys
import tempfile

build, python_dir = sys.argv[1:3]
with tempfile.TemporaryDirectory() as prefix:
    install = subprocess.run(["cmake", "--install", build, "--prefix", prefix], capture_output=True, text=True)
    assert install.returncode == 0, install.stderr
    site = os.path.join(prefix, python_dir)
    command = "import chunker, inspect; print(inspect.signature(chunker.open)); print(chunker.__file__)"
    run = subprocess.run([sys.executable, "-c", command], cwd=tempfile.gettempdir(),
                         env={**os.environ, "PYTHONPATH": site}, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    signature, loaded = run.stdout.splitlines()
    expected = ("(data: Optional[str] = None, libraries: Optional[str] = None, *, cache: Optional[str] = None, "
                "threads: int = 0) -> chunker.Tablebase")
    assert signature == expected, signature
    assert loaded == os.path.join(site, "chunker", "__init__.py"), loaded
    print(f"installed under {prefix}: {signature}")
