"""The manual page (docs/chunker.1) against the program: every command that
`chunker --help` lists has a section (`.SS "chunker COMMAND ..."`), every
option that `chunker COMMAND --help` declares is named in that command's
section or among the common options, and so are --version and --help.

Usage: man_page_test.py CHUNKER MAN_PAGE
"""
import re
import subprocess
import sys

OPTION = re.compile(r'(?<![\w-])--[a-z][a-z-]*')
# An option's own line in Boost.Program_options' help: "  --name arg ..." or "  -h [ --help ] ...".
DECLARED = re.compile(r'^  (?:-\w \[ )?(--[a-z][a-z-]*)', re.M)


def help_text(chunker, *args):
    return subprocess.run([chunker, *args, '--help'], capture_output=True, text=True, check=True).stdout


def sections(page):
    """{command: text of its section}, and the text of COMMON OPTIONS under ''."""
    text = page.replace('\\-', '-')
    found = {}
    for part in re.split(r'^\.S[SH] ', text, flags=re.M)[1:]:
        title, _, body = part.partition('\n')
        words = title.strip('"').split()
        if len(words) >= 2 and words[0] == 'chunker':
            found[words[1]] = body
        elif title.strip('"') == 'COMMON OPTIONS':
            found[''] = body
    return found


def main():
    chunker, page_path = sys.argv[1:3]
    page = sections(open(page_path).read())
    top = help_text(chunker)
    commands = re.findall(r'^  ([a-z]+) ', top.split('commands:')[1], flags=re.M)
    missing = []
    for option in ['--version', '--help']:
        if option not in OPTION.findall(page.get('', '')):
            missing.append('chunker %s' % option)
    for command in sorted(set(commands)):
        if command not in page:
            missing.append('the command %s' % command)
            continue
        for option in sorted(set(DECLARED.findall(help_text(chunker, command)))):
            if option not in OPTION.findall(page[command] + page.get('', '')):
                missing.append('chunker %s %s' % (command, option))
    print('%d commands checked' % len(set(commands)))
    for m in missing:
        print('not in the manual page: %s' % m)
    return 1 if missing or not commands else 0


if __name__ == '__main__':
    sys.exit(main())
