"""How long `companion judge` takes to answer one question, against a bare Python start.

Runs, alternately, `python -c pass` and `companion judge hyper-maker` given one JSON line
on stdin (docs/judge-api.md's example), `--runs` times each, with this checkout on PYTHONPATH (the
judge started as the installed `companion` script starts it: import companion.cli, call
main), and prints the medians of wall time and their ratio (target: at most 5), and of the
CPU time the processes used (steadier on a busy machine). Compiled bytecode is kept (in a
temporary folder, PYTHONPYCACHEPREFIX, even where PYTHONDONTWRITEBYTECODE is set) as it is
for an installed companion, and the first run of each command, which writes it, is not
counted; `--no-bytecode` compiles every module from source on every run instead (as
Python does with PYTHONDONTWRITEBYTECODE set and no __pycache__, e.g. in this checkout).
`--before DIR`
also times the judge of another copy of the code (say `git archive HEAD~3 | tar -x -C DIR`)
in the same alternation, since this shared machine's speed swings from minute to minute.

The last line is JSON: {"bare_ms": .., "judge_ms": .., "ratio": .., "cpu_ratio": ..} (and "before_ms",
"before_ratio", "before_cpu_ratio" with --before).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTION = '{"ask": "trick", "master": "R5B6", "plays": ["R2G9", "B8Y3", "R9B2", "R7Y4"]}\n'
BARE = [sys.executable, "-c", "pass"]
JUDGE = [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())",
         "judge", "hyper-maker", "--lang", "en"]


def cpu() -> float:
    """CPU seconds (user and system) of this process's finished children so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


BYTECODE = tempfile.mkdtemp(prefix="judge-start-")
"""Where the runs keep their compiled bytecode (removed at the end)."""


SOURCE = {"PYTHONDONTWRITEBYTECODE": "1"}
"""With --no-bytecode: no compiled file is written (the standard library's own are read)."""
KEEP: dict[str, str] = {"PYTHONPYCACHEPREFIX": BYTECODE}
"""By default: compiled files are written on the first run and read after."""


def timed(command: list[str], tree: Path, question: str = "") -> tuple[float, float]:
    """Wall and CPU milliseconds of one run of `command` in `tree`, which must answer and exit 0."""
    env = {**os.environ, "PYTHONPATH": str(tree), **KEEP}
    if "PYTHONDONTWRITEBYTECODE" not in KEEP:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    started, used = time.perf_counter(), cpu()
    done = subprocess.run(command, input=question, capture_output=True, text=True, cwd=tree, env=env, timeout=60)
    spent, used = (time.perf_counter() - started) * 1000, (cpu() - used) * 1000
    assert done.returncode == 0, done.stderr[-2000:]
    if question:
        assert json.loads(done.stdout)["winner"] == 2, done.stdout
    return spent, used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    parser.add_argument("--before", type=Path, default=None, help="another copy of the code, timed alternately")
    parser.add_argument("--no-bytecode", action="store_true", help="compile every module from source on every run")
    args = parser.parse_args()
    if args.no_bytecode:
        KEEP.clear()
        KEEP.update(SOURCE)
    trees = [("judge", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    times: dict[str, list[float]] = {"bare": [], **{name: [] for name, _ in trees}}
    cpus: dict[str, list[float]] = {name: [] for name in times}
    timed(BARE, ROOT)
    for tree in (t for _, t in trees):  # warm the file cache and write the compiled files first
        timed(JUDGE, tree, QUESTION)
    for run in range(args.runs):
        order = [("bare", None)] + trees
        for name, tree in order if run % 2 == 0 else order[::-1]:  # neither always goes first
            spent, used = timed(BARE, ROOT) if tree is None else timed(JUDGE, tree, QUESTION)
            times[name].append(spent)
            cpus[name].append(used)
    medians = {name: statistics.median(spent) for name, spent in times.items()}
    cpu_medians = {name: statistics.median(used) for name, used in cpus.items()}
    for name, spent in times.items():
        print(f"{name:>6}: median {medians[name]:7.1f} ms, min {min(spent):7.1f}, max {max(spent):7.1f}"
              f" over {len(spent)} runs; CPU median {cpu_medians[name]:7.1f} ms")
    result = {"bare_ms": round(medians["bare"], 1), "judge_ms": round(medians["judge"], 1),
              "ratio": round(medians["judge"] / medians["bare"], 2),
              "cpu_ratio": round(cpu_medians["judge"] / cpu_medians["bare"], 2)}
    if args.before:
        result |= {"before_ms": round(medians["before"], 1), "before_ratio": round(medians["before"] / medians["bare"], 2),
                   "before_cpu_ratio": round(cpu_medians["before"] / cpu_medians["bare"], 2)}
    print(json.dumps(result))


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(BYTECODE, ignore_errors=True)
