"""Bots over the line protocol (docs/PROTOCOL.md): :class:`ProcessAgent`, ``cmd:COMMAND``.

What a seat is told is checked against the game's own hands and events; the reference bots
play whole arenas through the command line; every fault (a crash, a hang past the timeout,
a line that is not JSON, an illegal answer) stops a run with one line, or is counted with
``--on-bot-error pass``; no bot process outlives its agent."""

from __future__ import annotations

import copy
import json
import os
import pickle
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wuhanmj.agents import RandomAgent, make_agent
from wuhanmj.agents.process import ProcessAgent
from wuhanmj.agents.protocol import parse_answer, safest_action
from wuhanmj.cli import main
from wuhanmj.errors import AgentError, BotError, SimulationError
from wuhanmj.game import Game
from wuhanmj.game.loop import play_game
from wuhanmj.sim import simulate
from wuhanmj.sim.arena_result import ArenaResult
from wuhanmj.stats.results import SimulationResult

ROOT = Path(__file__).resolve().parents[2]
PY_BOT = ROOT / "examples" / "bots" / "simple_bot.py"
C_BOT = ROOT / "examples" / "bots" / "first_bot.c"
PY = sys.executable

# A bot that logs every line it is sent to LOG and answers the safest action; with a
# fault it misbehaves at the first request of hand HAND (1 = the first hand).
FAULTY = r'''
import json, sys, time
log, fault, hand = sys.argv[1], sys.argv[2], int(sys.argv[3])
seen = 0
with open(log, "a") as f:
    for line in sys.stdin:
        f.write(line)
        f.flush()
        msg = json.loads(line)
        if msg["type"] == "deal":
            seen += 1
        if msg["type"] != "request":
            continue
        legal = msg["legal"]
        if seen >= hand and fault != "none":
            if fault == "crash":
                sys.exit(3)
            if fault == "hang":
                time.sleep(60)
            if fault == "not_json":
                print("discard 5m please", flush=True)
                continue
            if fault == "illegal":
                print(json.dumps({"code": 999}), flush=True)
                continue
        code = 162 if 162 in legal else next((c for c in legal if c < 34), legal[0])
        print(json.dumps({"code": code}), flush=True)
'''


@pytest.fixture
def faulty(tmp_path):
    """``make(fault, hand=1) -> (command, log path)`` of the FAULTY bot."""
    script = tmp_path / "faulty_bot.py"
    script.write_text(FAULTY)

    def make(fault: str = "none", hand: int = 1) -> tuple[str, Path]:
        log = tmp_path / f"log-{fault}-{hand}.jsonl"
        return f"{PY} {script} {log} {fault} {hand}", log

    return make


@pytest.fixture(scope="module")
def c_bot(tmp_path_factory):
    """The C reference bot, built with the system compiler."""
    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler (cc)")
    out = tmp_path_factory.mktemp("cbot") / "first_bot"
    subprocess.run([cc, "-O2", "-std=c99", "-o", str(out), str(C_BOT)], check=True)
    return out


def reaped(pid: int) -> bool:
    """True when the process ``pid`` (a child of this process) is gone and reaped: no
    zombie left (waitpid knows no such child, /proc has no entry, or not a zombie's)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
    else:
        return False  # still our child, unreaped (running or a zombie)
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or ") Z" not in stat.read_text()


def running(cmd: str) -> list[int]:
    """The processes (any state, zombies included) whose command line is ``cmd``."""
    found = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                argv = (d / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b" ".join(a for a in argv if a).decode(errors="replace") == cmd:
                found.append(int(d.name))
    return found


def zombie_children() -> list[int]:
    """This process's children that exited and were not reaped (a zombie's command line is
    empty: :func:`running` cannot see it)."""
    me, found = os.getpid(), []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            state, ppid = stat.rsplit(")", 1)[1].split()[:2]
            if state == "Z" and int(ppid) == me:
                found.append(int(d.name))
    return found


def lines(log: Path) -> list[dict]:
    return [json.loads(x) for x in log.read_text().splitlines() if x.strip()]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ what a seat is told
@pytest.mark.parametrize("seat", [0, 2])
def test_a_seat_is_never_told_another_seats_concealed_tiles_or_drawn_tile(faulty, seat):
    cmd, log = faulty()
    agents = [RandomAgent(s) for s in range(4)]
    bot = agents[seat] = ProcessAgent(cmd)
    with bot:
        g = Game("koukou_fan", seed=11 + seat)
        play_game(g, agents)
    sent = lines(log)
    full = g.events
    assert sent[0] == {"type": "hello", "protocol": 1, "engine": "wuhanmj"}
    deal = [m for m in sent if m["type"] == "deal"]
    assert len(deal) == 1 and deal[0]["seat"] == seat
    assert deal[0]["hand"] == full[0]["hands"][seat]  # its own tiles, as dealt
    for m in sent:
        assert "wall" not in m and "hands" not in m
        if m["type"] == "draw" and m["seat"] != seat:
            assert "tile" not in m
        if m["type"] in ("claim", "pass"):
            assert m["seat"] == seat  # another seat's answers in a window are not shown
        assert "action" not in m
    # every draw is told (without the tile for the others), its own with the tile it drew
    draws = [e for e in full if e["type"] == "draw"]
    told = [m for m in sent if m["type"] == "draw"]
    assert [(e["seat"], e["end"]) for e in draws] == [(m["seat"], m["end"]) for m in told]
    assert [e["tile"] for e in draws if e["seat"] == seat] == [m["tile"] for m in told if m["seat"] == seat]
    # discards, melds, gangs, special plays and the end: all told, in order
    public = [e for e in full if e["type"] in ("discard", "meld", "gang", "special", "hu", "settlement")]
    assert [{k: v for k, v in e.items() if k != "action"} for e in public] == \
        [m for m in sent if m["type"] in ("discard", "meld", "gang", "special", "hu", "settlement")]
    assert sent[-1]["type"] == "settlement"
    assert sent[-1]["payments"] == list(g.result.payments)
    # a request shows the seat's own concealed tiles only
    for m in sent:
        if m["type"] == "request":
            assert m["seat"] == seat and m["legal"] and len(m["names"]) == len(m["legal"])


# ------------------------------------------------------------------ the reference bots
def test_the_python_reference_bot_plays_a_whole_arena(capsys, tmp_path):
    out = tmp_path / "a.json"
    code, text, err = run(capsys, "arena", "--agents", f"cmd:{PY} {PY_BOT},greedy", "--hands", "8",
                          "--seed", "2", "--quiet", "--out", str(out))
    assert code == 0, err
    r = ArenaResult.from_json(out.read_text())
    assert r.games == 32 and r.agents[0] == f"cmd:{PY} {PY_BOT}" and r.bot_faults == {}


def test_the_c_reference_bot_plays_a_whole_arena_on_two_workers(capsys, tmp_path, c_bot):
    out = tmp_path / "a.json"
    code, text, err = run(capsys, "arena", "--agents", f"cmd:{c_bot},greedy", "--mode", "2v2", "--hands", "16",
                          "--seed", "3", "--workers", "2", "--quiet", "--out", str(out))
    assert code == 0, err
    r = ArenaResult.from_json(out.read_text())
    assert r.games == 32 and r.hands == 16


def test_the_same_games_whatever_the_workers(c_bot):
    one = simulate(hands=16, agents=f"cmd:{c_bot},random,cmd:{c_bot},greedy", seed=4, match_hands=4)
    two = simulate(hands=16, agents=f"cmd:{c_bot},random,cmd:{c_bot},greedy", seed=4, match_hands=4, workers=2)
    assert one == two and one.engine == "python"


# ------------------------------------------------------------------ faults
FAULTS = {"crash": "exited (exit 3)", "hang": "gave no answer within 0.2 s",
          "not_json": "printed a line that is not JSON", "illegal": "not one of the legal actions"}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_fault_stops_the_run_with_one_line_naming_bot_seat_and_hand(capsys, faulty, fault):
    cmd, _ = faulty(fault, hand=2)
    code, out, err = run(capsys, "simulate", "--agents", f"random,cmd:{cmd},random,random", "--hands", "3",
                         "--seed", "1", "--quiet", "--bot-timeout", "0.2")
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"bot {cmd!r} (seat 1, hand 2)" in err and FAULTS[fault] in err
    assert "[the run's hand 1, as the records number it]" in err
    assert not running(cmd) and not zombie_children()


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_with_on_bot_error_pass_a_fault_is_played_safe_and_counted(capsys, faulty, fault):
    cmd, _ = faulty(fault, hand=2)
    code, out, err = run(capsys, "simulate", "--agents", f"random,cmd:{cmd},random,random", "--hands", "3",
                         "--seed", "1", "--quiet", "--bot-timeout", "0.2", "--on-bot-error", "pass", "--out", "-")
    assert code == 0, err
    r = SimulationResult.from_json(out[out.index("{"):])
    faults = r.bot_faults[f"cmd:{cmd}"]
    if fault in ("crash", "hang"):
        # once: the process is ended, the seat plays safe for the rest of hand 2, and hand 3
        # is played by a new process (whose first hand it is: it plays well)
        assert faults == 1
    else:
        assert faults >= 2  # every decision from the second hand on
    assert "bot faults played as the safest action" in err
    assert not running(cmd) and not zombie_children()


def test_the_records_written_before_a_fault_stay_readable(capsys, faulty, tmp_path):
    cmd, _ = faulty("crash", hand=3)
    recs = tmp_path / "g.jsonl"
    code, _, err = run(capsys, "simulate", "--agents", f"cmd:{cmd},random,random,random", "--hands", "4",
                       "--seed", "1", "--quiet", "--records", str(recs))
    assert code == 2 and "hand 3" in err
    hands = [json.loads(x) for x in recs.read_text().splitlines() if '"events"' in x]
    assert len(hands) == 2  # the two whole hands before the crash
    for h in hands:
        assert Game.replay(h["events"]).over
    code, text, _ = run(capsys, "replay", str(recs), "--hand", "1")
    assert code == 0


def test_a_bot_that_cannot_start_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "simulate", "--agents", f"cmd:{tmp_path}/no-such-bot,random,random,random",
                       "--hands", "1", "--seed", "1", "--quiet")
    assert code == 2 and err.count("\n") == 1 and "cannot be started" in err


# ------------------------------------------------------------------ processes
def test_one_process_per_seat_for_the_whole_run_and_none_left(faulty):
    cmd, log = faulty()
    bot = ProcessAgent(cmd)
    r = simulate(hands=6, agents=[bot, "random", "random", "random"], seed=2, match_hands=2)
    assert r.hands == 6
    assert sum(1 for m in lines(log) if m["type"] == "hello") == 1  # one process for 3 matches, 6 hands
    assert sum(1 for m in lines(log) if m["type"] == "deal") == 6
    bot.close()


@pytest.mark.parametrize("fault", ["crash", "hang"])
def test_a_crashed_or_hung_bot_is_reaped(faulty, fault):
    cmd, _ = faulty(fault)
    bot = ProcessAgent(cmd, timeout=0.2, start_timeout=0)
    g = Game("kaikou", seed=3)
    pid = None
    agents = [bot, RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    orig = bot._lease

    def lease():
        nonlocal pid
        b = orig()
        pid = b.proc.pid
        return b

    bot._lease = lease  # type: ignore[method-assign]
    with pytest.raises(BotError) as info:
        play_game(g, agents)
    assert info.value.fault == ("crash" if fault == "crash" else "timeout")
    assert info.value.seat == 0 and info.value.hand == 1
    assert pid is not None and reaped(pid)


def test_close_and_collection_end_the_process():
    bot = ProcessAgent([PY, str(PY_BOT)])
    play_game(Game("kaikou", seed=1), [bot, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    from wuhanmj.agents.botprocess import pooled

    pids = [b.proc.pid for b in pooled(bot._pool)]
    assert len(pids) == 1 and not reaped(pids[0])
    bot.close()
    assert reaped(pids[0])
    again = ProcessAgent([PY, str(PY_BOT)])
    play_game(Game("kaikou", seed=2), [again, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    pid = pooled(again._pool)[0].proc.pid
    del again
    import gc

    gc.collect()
    assert reaped(pid)


def test_pickling_and_copies_start_their_process_lazily():
    bot = ProcessAgent([PY, str(PY_BOT)], timeout=3, on_error="pass", name="mine")
    play_game(Game("kaikou", seed=1), [bot, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    back = pickle.loads(pickle.dumps(bot))
    twin = copy.deepcopy(bot)
    for b in (back, twin):
        assert (b.argv, b.timeout, b.on_error, b.name) == (bot.argv, 3.0, "pass", "mine")
        assert b.pid is None
    g = Game("kaikou", seed=2)
    play_game(g, [back, twin, RandomAgent(2), RandomAgent(3)])  # two seats at once: two processes
    assert g.over
    bot.close()


def test_make_agent_and_engine_choice(c_bot):
    a = make_agent(f"cmd:{c_bot} --quiet")
    assert isinstance(a, ProcessAgent) and a.argv == [str(c_bot), "--quiet"] and a.name == f"cmd:{c_bot} --quiet"
    with pytest.raises(AgentError, match="empty command"):
        make_agent("cmd:")
    with pytest.raises(SimulationError, match="follows the hand's events"):
        simulate(hands=1, agents=f"cmd:{c_bot},random,random,random", engine="native")


def test_the_web_table_plays_a_cmd_bot_and_tells_it_the_end(faulty):
    from wuhanmj.play import Table

    cmd, log = faulty()
    t = Table("kaikou", agents=f"cmd:{cmd},greedy,random", seed=3, seat=0)
    g = t.deal()
    while not g.over:
        t.act(t.legal()[0])
    for b in t.bots:
        if isinstance(b, ProcessAgent):
            b.close()  # the bot reads what it was sent to the end, then exits
    sent = lines(log)
    assert sent[-1]["type"] == "settlement" and [m["seat"] for m in sent if m["type"] == "deal"] == [1]


# ------------------------------------------------------------------ the pieces
def test_safest_action_is_pass_then_first_discard_then_first():
    assert safest_action((4, 55, 161, 162)) == 162
    assert safest_action((91, 7, 3)) == 7
    assert safest_action((125, 161)) == 125
    with pytest.raises(AgentError):
        safest_action(())


def test_parse_answer_forms():
    codes = (4, 162)
    assert parse_answer(b'{"code":4}', codes) == ("ok", 4)
    assert parse_answer(b"162", codes) == ("ok", 162)
    assert parse_answer(b'{"name":"discard 5m"}', codes) == ("ok", 4)
    assert parse_answer(b"true", codes) == ("illegal", None)
    assert parse_answer(b'{"code":5}', codes) == ("illegal", None)
    assert parse_answer(b"pass", codes) == ("not_json", None)


def test_the_first_answer_of_a_process_may_take_its_start_up_time_more(faulty):
    cmd, _ = faulty("hang")
    bot = ProcessAgent(cmd, timeout=0.2, start_timeout=0.5)
    t0 = time.perf_counter()
    with pytest.raises(BotError, match="gave no answer within 0.2 s"):
        play_game(Game("kaikou", seed=3), [bot, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    assert time.perf_counter() - t0 >= 0.7


def test_every_command_takes_the_bot_options(capsys):
    for command in ("simulate", "arena", "play", "serve"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert "--bot-timeout" in text and "--on-bot-error" in text and "cmd:COMMAND" in text


def test_one_agent_at_two_seats_is_refused(faulty):
    cmd, _ = faulty()
    bot = ProcessAgent(cmd)
    with bot, pytest.raises(AgentError, match="one ProcessAgent plays one seat"):
        play_game(Game("kaikou", seed=1), [bot, bot, RandomAgent(2), RandomAgent(3)])


def test_bad_options_are_agent_errors():
    with pytest.raises(AgentError, match="timeout"):
        ProcessAgent(["x"], timeout=0)
    with pytest.raises(AgentError, match="on_error"):
        ProcessAgent(["x"], on_error="ignore")


def test_a_bot_answer_within_the_timeout_is_not_a_fault(faulty):
    cmd, _ = faulty()
    bot = ProcessAgent(cmd, timeout=5)
    t0 = time.perf_counter()
    with bot:
        play_game(Game("kaikou", seed=9), [bot, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    assert bot.take_faults() == 0 and time.perf_counter() - t0 < 30


def test_the_request_hand_is_the_notation_of_the_tiles():
    import random

    from wuhanmj.agents.protocol import hand_text
    from wuhanmj.tiles import format_tiles

    rng = random.Random(7)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(2000):
        h = sorted(rng.sample(wall, rng.randint(0, 14)))
        assert hand_text(h) == format_tiles(h)


# ------------------------------------------------------------------ answers that break the reader
# A bot that prints the bytes of the file argv[1] at every request.
ANSWERING = r'''
import json, sys
answer = open(sys.argv[1], "rb").read()
for line in sys.stdin:
    if json.loads(line)["type"] == "request":
        sys.stdout.buffer.write(answer)
        sys.stdout.buffer.flush()
'''


@pytest.fixture
def answering(tmp_path):
    """``make(answer: bytes, **kw) -> ProcessAgent`` of a bot printing ``answer`` at every request."""
    script = tmp_path / "answering_bot.py"
    script.write_text(ANSWERING)
    made = []

    def make(answer: bytes, **kw) -> ProcessAgent:
        path = tmp_path / f"answer-{len(made)}"
        path.write_bytes(answer)
        bot = ProcessAgent([PY, str(script), str(path)], **kw)
        made.append(bot)
        return bot

    yield make
    for b in made:
        b.close()


def test_an_answer_nested_too_deep_for_the_json_reader_is_an_illegal_answer(answering):
    deep = b"[" * 100_000 + b"]" * 100_000
    assert parse_answer(deep, (4, 162)) == ("illegal", None)
    assert parse_answer(b'{"code":' + deep + b"}", (4, 162)) == ("illegal", None)
    with pytest.raises(BotError, match="not one of the legal actions") as info:
        answering(deep + b"\n").act(None, (4, 162))
    assert info.value.fault == "illegal"
    bot = answering(deep + b"\n", on_error="pass")
    assert bot.act(None, (4, 162)) == 162 and bot.take_faults() == 1


def test_a_second_answer_to_one_request_is_a_fault_not_the_next_decisions_answer(answering):
    # it answers "4" twice at every request: the second line must not answer the next request
    bot = answering(b"4\n4\n")
    assert bot.act(None, (4, 162)) == 4
    time.sleep(0.2)  # the second line has arrived
    with pytest.raises(BotError, match="printed a line it was not asked for: '4'") as info:
        bot.act(None, (4, 162))
    assert info.value.fault == "illegal"
    safe = answering(b"4\n4\n", on_error="pass")
    assert safe.act(None, (4, 162)) == 4
    time.sleep(0.2)
    assert safe.act(None, (4, 162)) == 162 and safe.take_faults() == 1  # played safe, counted
    assert safe.act(None, (4, 162)) == 4 and safe.take_faults() == 0  # the extra line is dropped



@pytest.mark.parametrize("kw", [{"timeout": 1e12}, {"timeout": float("inf")}, {"start_timeout": float("inf")}])
def test_a_huge_or_infinite_timeout_waits_as_long_as_needed(answering, kw):
    # select() refuses a wait past the platform's time_t: the wait is taken in pieces
    assert answering(b"4\n", **kw).act(None, (4, 162)) == 4


def test_a_huge_bot_timeout_on_the_command_line(capsys, faulty):
    cmd, _ = faulty()
    code, out, err = run(capsys, "simulate", "--agents", f"cmd:{cmd},random,random,random", "--hands", "1",
                         "--seed", "1", "--quiet", "--bot-timeout", "1e12")
    assert code == 0, err


def test_a_command_or_stderr_that_cannot_work_is_refused_when_the_agent_is_made():
    import subprocess as sp

    for command in ("py\0thon bot.py", ["python3", "bot\0.py"]):
        with pytest.raises(AgentError, match="NUL"):
            ProcessAgent(command)
    with pytest.raises(AgentError, match=r"words must be str.*got 1 \(int\)"):
        ProcessAgent(["python3", 1])
    # paths and bytes are words as the system spells them, not their repr
    assert ProcessAgent([Path("/usr/bin/python3"), b"bot.py"]).argv == ["/usr/bin/python3", "bot.py"]
    # PIPE: nobody would read it (the bot blocks once it is full); STDOUT: mixed into the answers
    for bad in (sp.PIPE, sp.STDOUT, "log.txt", 2.5):
        with pytest.raises(AgentError, match="stderr"):
            ProcessAgent(["python3"], stderr=bad)
    for good in (None, sp.DEVNULL, 2, sys.stderr):
        assert ProcessAgent(["python3"], stderr=good).stderr is good


# A bot that starts a child (its pid written to argv[1]) which outlives it unless killed;
# it answers 4, then exits with code 3 at its second request.
FORKING = r'''
import json, os, sys, time
if os.fork() == 0:
    os.close(0); os.close(1)
    time.sleep(120)
    os._exit(0)
n = 0
for line in sys.stdin:
    if json.loads(line)["type"] == "request":
        n += 1
        if n == 2:
            sys.exit(3)
        print(4, flush=True)
'''


def _gone(pid: int, within: float = 5.0) -> bool:
    """True when ``pid`` has ended (no process, or a zombie its new parent has not reaped yet)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        stat = Path(f"/proc/{pid}/stat")
        try:
            if ") Z" in stat.read_text():
                return True
        except OSError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("how", ["close", "crash"])
def test_the_processes_a_bot_starts_end_with_it(tmp_path, how):
    script, pidfile = tmp_path / "forking_bot.py", tmp_path / "child.pid"
    script.write_text(FORKING.replace("os.fork() == 0:", f"os.fork() == 0:\n    open({str(pidfile)!r}, 'w').write(str(os.getpid()))"))
    bot = ProcessAgent([PY, str(script)], timeout=5)
    assert bot.act(None, (4, 162)) == 4
    for _ in range(100):
        if pidfile.exists() and pidfile.read_text():
            break
        time.sleep(0.05)
    child = int(pidfile.read_text())
    assert not _gone(child, within=0.1)
    if how == "close":
        bot.close()
    else:
        with pytest.raises(BotError):
            bot.act(None, (4, 162))  # it exits (exit 3); the engine ends what is left of it
    assert _gone(child)


def test_the_hand_a_fault_names_is_the_processs_whatever_the_batches(faulty):
    # a run plays its matches in batches, each with its own copies of the agents: the
    # hand named is the one the bot counts (its deals), not the batch copy's
    cmd, _ = faulty("crash", hand=5)
    with pytest.raises(BotError) as info:
        simulate(hands=8, agents=f"cmd:{cmd},random,random,random", seed=1, match_hands=2, batch_hands=2)
    assert info.value.hand == 5 and f"bot {cmd!r} (seat 0, hand 5) exited (exit 3)" in str(info.value)
    assert info.value.record_hand == 4


def test_one_process_per_seat_in_each_worker_for_the_whole_run(faulty):
    # 16 batches on 2 workers: each worker keeps its bot process from batch to batch
    cmd, log = faulty()
    r = simulate(hands=32, agents=f"cmd:{cmd},random,random,random", seed=2, match_hands=2, batch_hands=2, workers=2)
    assert r.hands == 32
    sent = lines(log)
    assert sum(1 for m in sent if m["type"] == "deal") == 32
    assert sum(1 for m in sent if m["type"] == "hello") <= 2  # was one a batch: 16
    assert not running(cmd)


def test_the_python_reference_bot_counts_its_drawn_tile_once():
    # the request's hand holds the tile just drawn (drawn names it): 1z and 2z are both
    # single, equally isolated, and the bot keeps the first of a tie (discard 1z, code 27);
    # counting the drawn 1z twice made it a pair, and the bot threw 2z
    request = {"type": "request", "id": 1, "legal": [27, 28], "names": ["discard 1z", "discard 2z"], "seat": 0,
               "phase": "turn", "hand": "1239m456p789s1255z", "drawn": "1z", "claim_tile": None, "turn": 0,
               "tiles_left": 80}
    out = subprocess.run([PY, str(PY_BOT)], input=json.dumps(request) + "\n", capture_output=True, text=True,
                         timeout=30, check=True).stdout
    assert json.loads(out) == {"code": 27}
