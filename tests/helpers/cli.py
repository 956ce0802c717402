"""Running the ``wuhanmj`` command in-process for the CLI tests: its exit code and output,
and the check that a refusal is one line on stderr, never a traceback."""

from __future__ import annotations

from wuhanmj.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``wuhanmj ARGV``: (exit code, stdout, stderr); argparse's own errors give their code."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    """The single line of ``err``; fails when it has more, or a traceback."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]
