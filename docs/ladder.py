"""Regenerate docs/BOTS.md: the bots' strength ladder in the duplicate arena.

For each preset and each mode (``1v3``, ``2v2``), each pair of neighbours on the ladder
plays the same walls in every seating of the mode (:func:`wuhanmj.arena`); the page shows
the arena's own figures (nothing is recomputed here)::

    python docs/ladder.py --agents random,greedy,expert --hands 2000 --seed 1

Bad input (an unknown agent, a bad count) prints one line and exits with code 2.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

from wuhanmj import arena
from wuhanmj.errors import AgentError, WuhanMJError

PRESETS = ("kaikou", "koukou", "koukou_fan")
MODES = ("1v3", "2v2")
PAGE = Path(__file__).resolve().parent / "BOTS.md"

INTRO = """# The bots' strength

Measured in the duplicate arena (`wuhanmj arena`): the same walls are played once in every
seating of the mode, so that the luck of the tiles cancels between the agents compared.
`1v3`: the challenger in each of the four seats against three copies of the baseline;
`2v2`: challenger and baseline on alternate seats, both ways. Each step of the ladder
compares a bot with the one below it. Points per hand are the schedule's unit (points
under the `points` schedule, money under `fan`); the intervals are 95 %, paired over
walls (clustered by match). Rates are per seat-hand.

The bots: `random` (a uniform legal action), `greedy` (least shanten, most unseen
effective draws; every claim that does not make the hand slower), `expert` (the greedy
bot's turns and shapes, and two decisions by value: a hu on its turn against the 癞子杠
or gang it may play first, and a claim that does not speed the hand against the pass,
each option valued by its expected payment for the rest of the hand:
`wuhanmj.native.expert`). Four experts play ~660 hands per CPU second in `simulate`
(`bench/native_speed.py expert`), ~29,000 decisions per second.
"""


POLICY = """## The learned policy

`policy` (`wuhanmj.native.policy.PolicyAgent`, the weights `wuhanmj/policy/policy_v1.npz`)
is a network trained on native `VectorEnv` games, **for the kaikou preset**. Its inputs:
the version-1 observation (docs/ENCODING.md) and its action mask (4372 → 128 → 64
rectified units: the context), and for each legal code 25 look-ahead features
(`wuhanmj.native.lookahead`, features version 2: the code's kind, the shanten after it and
the unseen copies of the draws that lower it then — for a 吃 or 碰 after its best discard,
for a pass the hand's own —, the tile's copies in hand and unseen, the reading's danger of
a discard, the seat's openings and open routes, and the code the greedy bot plays). A
scorer shared by the codes (their features and the context → 64 units → one number) adds
to each code's logit; it plays the legal code with the largest logit. Four of them play
**816 hands per CPU second** in `simulate` (`bench/native_speed.py policy 2000 3`, a loaded
machine; greedy 7,056 in the same run): the look-ahead costs one best-discard search a
decision, as the greedy bot's.

**Strength** (duplicate arena, 1v3, `--workers 1`, the seed in the table):

| preset | walls | policy − greedy, per hand [95 % CI] | policy − expert, per hand [95 % CI] | expert − greedy, same walls |
|---|---|---|---|---|
| kaikou (trained for) | 10,000 (seed 2) | **+5.67 [+3.70, +7.64]**, p = 2e-08 | −4.39 [−6.02, −2.76] | +9.75 [+7.87, +11.64] |
| kaikou (trained for) | 2,000 (seed 1) | **+8.38 [+4.25, +12.52]**, p = 8.5e-05 | −4.39 [−8.01, −0.78] | +10.99 [+6.87, +15.11] |
| koukou (not trained for) | 2,000 (seed 1) | +5.35 [−1.90, +12.60], p = 0.15 | | |
| koukou_fan (not trained for) | 2,000 (seed 1) | −0.29 [−4.70, +4.12] (money), p = 0.90 | | |

Commands: `python -m wuhanmj arena --agents policy,greedy --mode 1v3 --rules R --hands N --seed S --workers 1`
(and `policy,expert`, `expert,greedy`).

Under kaikou, the preset it was trained for, the policy beats the greedy bot with the
interval well clear of 0 and stays below the expert it imitates (it keeps about 60–75 % of
the expert's edge). The other presets were not trained for: the network sees the rule
scalars of the encoding but never played them, and is not better than greedy there.

The command that trained the shipped weights (imitation only; 378 s wall, 433 CPU s, on 2 cores
shared with another job; run twice, the two weights files are identical array for array):

```bash
pip install ".[train]"          # jax, optax (CPU wheels); playing needs neither
wuhanmj train --seed 1 --minutes 10 --rules kaikou --eval-walls 500 --out policy_v1.npz --curve policy_curve.png --log policy_curve.json
```

![Training curve: policy − greedy (arena, 500 walls, 1v3) and the imitation's agreement](policy_curve.png)

What the run does (`wuhanmj.learn.train`): 600,000 learner decisions of kaikou `VectorEnv`
games (the learner against three greedy bots, or two experts and a greedy bot), each
labelled with the expert's code (`VectorEnv.advise`) and played, with the look-ahead rows
of its legal codes (`VectorEnv.lookahead`); 6,000 steps of behaviour cloning (batches of
1,024, Adam, cosine decay from 1e-3; the value head on the hand's reward). Held-out top-1
agreement with the expert on 30,000 decisions of other games: 97.9 % (99.8 % on its turns,
90.0 % on its claims; 97.5 % already after 1,200 steps). The log of every point is
[`policy_curve.json`](policy_curve.json).

What was measured on the way (not shipped):

- **The look-ahead features are what made imitation work.** Without them (the v1 planes
  alone, 4372 → 256 → 128 → 163) the network reached 62 % top-1 agreement on the expert's
  turns and played −55 points a hand against greedy under kaikou (2,000 walls). With the
  shanten and effective draws per code but not the greedy bot's choice, a 1-minute run
  (40,000 decisions, 300 steps) reached 52 % on turns (73 % counting discards of the same
  shanten and draws as equal: the tie-break by the lowest kind is what it missed) and
  −47 [−60, −34] against greedy at 300 walls. With the greedy bot's choice as a feature a
  3-minute run reached 99.7 % on turns, 84 % on claims, and −1.99 [−5.89, +1.91] against
  greedy at 2,000 walls.
- **The claims are where the expert's edge lies and where the imitation misses.** On
  30,000 held-out kaikou decisions the expert played the greedy bot's code in 99.7 % of its
  turns but in 74 % of its claims: it passes on a 吃 or 碰 that keeps the shanten when its
  Monte-Carlo value says so (`evaluate_claims`). Those pass-or-claim decisions made most of
  the network's misses, about as often a claim where the expert passed as the reverse.
- **PPO** (`--ppo N`, iterations a minute after imitation: clipped surrogate, GAE, the
  expert's cross-entropy as a regulariser, against greedy, the expert and the network's
  snapshots) is kept but off by default: from the earlier imitation point it moved the
  arena down (−89 → −109 a hand) while the training reward rose; it was not tried from this
  one.
- **Not done yet:** a run for koukou and koukou_fan (or the three presets in one run: the
  command takes `--rules kaikou,koukou,koukou_fan`, the budget then split between them),
  PPO from this imitation point, and the claims by value: the shipped run reached 90 % on
  claims against the 3-minute run's 84 %, with the pass row's own effective draws added
  in between but also 4× the decisions and 3× the steps (not measured apart); what the
  expert's evaluation weighs beyond the shapes (the payments of the rest of the hand) the
  network does not see.
"""
"""The section on the learned policy (measured by its own arena runs and training, not by
the ladder: kept as written, before ``REVIEW``)."""

REVIEW = """## The expert's evaluation

`wuhanmj.native.expert.evaluate_options(hand, seat)` values every legal option of a seat
by what the seat sees: `win` (the probability of winning the hand after it), `points` (the
mean payment when it wins, by the real settlement: S, X and L rules, caps, 闭, 风翻) and
`value` (the mean payment for the rest of the hand). It plays the rest of the hand a few
hundred times with the seat alone against the tiles it has not seen: the others draw and
discard in turn and each wins on its turn with probability `hazard`, charging the seat
what that win costs it with the seat's own fan (so an opening under 口口翻 or a 红中杠 has a
price); a discard also pays its expected 放冲 into a seat with openings (most into the suit
of a 清一色 threat). `hazard` and `loss_scale` are fitted per schedule
(`wuhanmj.native.expert.CALIBRATED`); the defence weights are parameters with documented
defaults. A sequence costs ~7 µs, 25× less than a rollout of the whole table
(bench/README.md); the review values every option with 256 sequences, the bot only its
two valued decisions with 64.

Tests pin it on positions worked out by hand (tests/agents/test_expert_evaluation.py): a
ready hand's win probability against the exact hypergeometric count, a hu worth its
settlement, a second opening that pays under 开口翻 and not under 口口翻, and a fold: a
seat far from ready does not discard into the suit of a seat with three one-suit openings.

What choosing by the evaluation did as a player, in the duplicate arena (1v3) against
the expert of the time (the greedy bot's turns, claims by rule, every legal hu):

| choosing by the evaluation | preset | walls | − that expert, per hand [95 % CI] |
|---|---|---|---|
| every decision (64 sequences an option) | koukou | 50 | −35.99 [−93.23, +21.25] (win 9 % against 30 %) |
| every claim (256 sequences) | koukou | 1,500 | +0.30 [−7.08, +7.67] |
| a discard while a seat shows two or more one-suit melds and its win < 0.25 | koukou | 2,000 | −1.53 [−4.14, +1.08] |
| always the 癞子杠 before the hu (no evaluation) | kaikou / koukou / koukou_fan | 3,000 | −22.44 / −11.40 / −16.40 |
| a hu on its turn or a gang / 癞子杠 instead, the hu as the seat sees it (64 sequences) | kaikou / koukou / koukou_fan | 20,000 | **+3.24** [+2.44, +4.04] / **+2.41** [+1.39, +3.43] / −1.01 [−1.48, −0.53] |
| the same, the hu's payment counted 1.5× (`hu_margin=0.5`, 256 sequences) | kaikou / koukou / koukou_fan | 20,000 | **+3.73** [+3.06, +4.40] / **+3.63** [+2.91, +4.35] / **+0.51** [+0.24, +0.78] |
| and a claim that keeps the shanten against the pass (64 sequences: the defaults) | kaikou / koukou / koukou_fan | 20,000 | **+5.78** [+4.59, +6.97] / **+6.32** [+4.43, +8.21] / **+2.84** [+1.69, +4.00] |

All at seed 11 (the seed the margin was chosen on; the ladder above is seed 1). A 癞子杠
(2 fan) before a small hu pays when the hu is small and the wall is long, not when the hu
already reaches the caps or is itself a 杠上开花; the seat values the hu by what it sees
(the others' hands unknown), which undervalues it, hence the margin. A claim valued with
256 sequences gained more (+4.00 / +5.00 / +3.65 against the hu-only bot, 20,000 walls)
but plays ~350 hands per CPU second, below the bot's budget of 500. Its turns are the
greedy bot's: reading the others' hands and defending, below, did not pay.

## The expert's reading and defence

`wuhanmj.native.infer.reading(hand, seat)` (or `reading(observation)`) estimates from what
the seat sees `hit[j, x]`, the probability that seat `j` may win on kind `x` if the seat
discards it now, and `held[x]`, the share of `x`'s unseen copies in the others' hands.
Both are log-linear models of 24 visible features (`FEATURES`: `j`'s openings, the 2/5/8
kinds, honors and terminals, `x` among `j`'s discards, how recently any seat discarded `x`
— a tile left on the table was passed by every seat —, `x`'s unseen copies and the sequence
shapes its neighbours leave, the live wall, `j`'s melds all pongs or all of one suit and
whether its discards keep that suit), fitted on 3,600 hands of four experts (1,200 a preset)
(`docs/fit_reading.py`; log loss 0.0974 against 0.1113 at the base rate under the points
schedule, 0.0784 against 0.0930 under fan). A seat is not shown the others' passes of a
claim (neither is a player at the table), so only the discards left on the table speak
for them.

`wuhanmj.native.defence.discard_danger` prices each discard: `hit` times what the seat then
pays (the settlement's amounts: 放冲 S3, the three losers' sum when it is liable for a
全求人 L1, a 清一色 threat W6) and, with `feed`, the liability for a one-suit seat's third
opening (L2); `win_costs` equals the engine's settlement wherever it knows the hand's big
hu (tests/agents/test_expert_defence.py). `ExpertAgent`'s defence (`danger_scale`,
`danger_margin`, `keep_draws`, `fold_shanten`, `fold_margin`, `feed`, `defend_by_value`),
`weigh_draws` (the greedy effective draws counting the copies the others likely hold
less) and `evaluate_gangs` (a 蓄杠 or 暗杠 against the discard by value, a 蓄杠 less its
抢杠 danger, L3) are off by default: no setting measured beats the expert. In the
duplicate arena (1v3) against the default expert, both with `reseed=False` (a decision then
depends on the position alone, so the two play alike wherever their decisions agree):

| variant (ExpertAgent parameters) | preset | walls (seed) | − expert, per hand [95 % CI] |
|---|---|---|---|
| a safer discard of the same shanten whenever it is safer (`danger_scale=1`; both bots reseeded) | kaikou | 3,000 (5) | −10.10 [−14.25, −5.95] |
| … when it saves more than 2 points (`danger_margin=2`) | kaikou | 3,000 (5) | −4.83 [−7.97, −1.70] |
| … 5 points | kaikou | 3,000 (5) | −1.87 [−4.59, +0.85] |
| … 10 points | kaikou | 3,000 (5) | −0.27 [−2.39, +1.84] |
| … 20 points, `feed=0.03` | kaikou / koukou / koukou_fan | 10,000 (7) | −0.67 [−1.60, +0.26] / −0.28 [−2.01, +1.46] / +0.09 [−0.57, +0.75] |
| … 30 points, `feed=0.03` | kaikou / koukou / koukou_fan | 10,000 (7) | +0.22 [−0.39, +0.82] / +0.15 [−1.16, +1.46] / +0.31 [−0.13, +0.76] |
| … 2 points, keeping 90 % of the effective draws (`keep_draws=0.9`) | kaikou / koukou / koukou_fan | 10,000 (7) | −0.85 [−2.21, +0.50] / **−2.99** [−5.32, −0.67] / +0.82 [−0.34, +1.98] |
| … 1 point, keeping 95 % | kaikou / koukou / koukou_fan | 10,000 (7) | −0.91 [−2.39, +0.56] / −0.47 [−3.06, +2.12] / −0.18 [−1.46, +1.09] |
| the greedy discard, a safer one or the safest by value (`defend_by_value`, 3 points) | kaikou / koukou | 3,000 (5) | −0.95 [−3.73, +1.84] / −4.15 [−9.41, +1.11] |
| `weigh_draws` | kaikou / koukou / koukou_fan | 3,000 (5) | +1.15 [−1.11, +3.41] / −0.57 [−4.42, +3.28] / −0.54 [−2.80, +1.72] |
| `evaluate_gangs` | kaikou / koukou / koukou_fan | 3,000 (5) | −0.09 [−1.01, +0.83] / −0.32 [−1.74, +1.09] / +0.10 [−0.70, +0.91] |

Why the defence gains so little in this game: the discarder of a small hu pays what it
would pay if the winner drew the tile itself (its 放冲 fan, S3, against the winner's 自摸
fan, S2), so a deal-in avoided saves only what the seat would not have paid had the hand
gone on. A seat that sees the others' hands (a Python loop on `NativeHand`, against three
experts, paired with the all-expert game of the same wall) and swaps a discard another
seat could win on for the greedy choice among the safe discards of the same shanten gains
+4.19 [+2.37, +6.01] a hand under kaikou, +4.64 [+2.30, +6.99] under koukou and +4.06
[+2.61, +5.52] under koukou_fan (1,500 walls each; 0.17–0.21 swaps a seat-hand: ~20 points
a swap; folding to a slower safe tile added nothing, a safe tile of the same shanten was
nearly always there). The same swap made at random on 5 % of the turns, on discards nobody
could win on, costs 2.90 [0.25, 5.55] a hand under kaikou at 0.37 swaps a seat-hand: ~8
points of attack a swap (koukou: +0.09 [−4.18, +4.37], too noisy to say). A swap on the
reading's word therefore pays only when the discard it avoids is a win for someone with
probability above ~0.3, and the reading reaches 0.33 only on its top 1 % of the greedy
bot's discards (0.20 on its top 5 %; AUC 0.89 over all of them). The times of the melds and
discards, which the view does not carry, would not change that: with "discarded since
`j`'s last meld" and "since `j`'s last discard" as features the log loss goes from 0.0687
to 0.0683 and the top 5 % from 0.19 to 0.20 (1,200 kaikou hands); the features' pairwise
products neither (0.0686).

## Review a hand's decisions

`wuhanmj review FILE --hand N --seat S` goes through one seat's decisions in a recorded
hand (any file `wuhanmj replay` reads: `simulate --records`, `arena --records`,
`play --record`, the web table's download, `-` for stdin) and says, at each, what every
legal option was worth to the expert. Without `--seat` it reviews the seat labelled
`you` in the record (a person's hand), else seat 0.

### What a review holds

At every event with an `action` by the seat (its turns, its answers in claim and rob
windows, the 海底) the review lists every legal option with three numbers from
`wuhanmj.native.expert.evaluate_options`: `win` (the estimated probability of winning the
hand after the option), `points` (the expected payment when it wins) and `value` (the
expected payment for the rest of the hand, the number options are ranked by); points are
X5 units, as in the settlement. Then the option the expert bot picks, the option played,
and the loss: the best value minus the played one (0 when the played option is among the
best). A decision with one legal option is listed as forced and not counted. The text
ends with the three worst decisions and the total loss; a hu passed (a 放冲 declined,
P2) is usually the worst, its loss the hu's payment minus the value of passing.

```bash
wuhanmj simulate --hands 20 --seed 7 --records hands.jsonl
wuhanmj review hands.jsonl --hand 3 --seat 1                 # a block per decision
wuhanmj review hands.jsonl --hand 3 --seat 1 --json          # the same as JSON
wuhanmj review hands.jsonl --hand 3 --seat 1 --html h3.html  # the replay viewer with the review
wuhanmj review hands.jsonl --hand 3 --rollouts 200 --seed 1  # and rollout estimates
```

With `--rollouts K` every option is also played out `K` times by
`wuhanmj.native.search.evaluate_actions`, the expert bot at every seat, on
determinizations of what the seat could not see (common random numbers: the same deals
for every option), with the mean payment and its 95 % t interval; the decision at event
`k` uses the seed `X + k`. In Python: `wuhanmj.review_hand(record, seat, rollouts=0,
seed=0)` returns a `HandReview` (frozen: `decisions`, `worst(3)`, `total_loss`,
`to_dict()`). A hand number the file does not have, a seat that is not 0–3, negative
rollouts or a record without events are a `ReviewError` (the command: one line, exit
code 2).

### The viewer's review panel

`--html` writes the replay viewer with a panel beside the event list: on the frame
before each of the seat's decisions and on the frame of its event, the options with their
value, win % and points, the expert's pick and the option played, and the loss; event-list
lines of decisions that lost points are marked ▼ (the loss in their tooltip). The panel
shows in the view of every hand face up and in the reviewed seat's own view.

![The review panel at a passed hu](review_panel.png)
"""
"""The page's last sections (measured once, not by the ladder: kept as written when the ladder
is regenerated)."""


VARIANCE = """## The luck of the deal as control variates

`wuhanmj arena --control-variates` (`arena(..., control=True)`) estimates each
challenger's difference a second time, with the luck of the deal as control variates, and
prints it beside the paired interval (`ArenaResult.control_variates()`, the JSON's
`control_variates`). The covariates of a wall are read from the wall alone, before anybody
plays (`wuhanmj.native.deal.deal_luck`): the four deal positions' starting shanten (癞子
wild; 红中 and 痞子 replaced from the back of the wall) summed, the least of them, the
dealer's, and the 癞子 dealt. The estimator (`wuhanmj.stats.control`) is

    θ̂ = (1/n) Σ_f Σ_{walls w of fold f} [D_w − β_{1−f}ᵀ (X_w − μ̂)]

with `D_w` the wall's paired difference, the matches split in two folds by parity, the
coefficients `β_{1−f}` fitted on the *other* fold's matches only (least squares of the
matches' sums), and `μ̂` the covariates' mean over 4 reference walls a wall, shuffled from
seeds no game uses and never played. It is unbiased by construction, whatever the agents:
each correction `β_{1−f}ᵀ(X̄_f − μ̂)` multiplies three independent things (the other fold's
coefficients, this fold's walls, the reference walls), and `E[X̄_f] = E[μ̂]`, since every
wall is a uniform shuffle and `X` a function of the wall alone. Its interval is the
clustered (CR1) one of the corrected match sums plus the reference mean's own variance,
t on G − 1 degrees of freedom as the paired one. On synthetic data with a known difference
it is unbiased, covers 95 % and is as narrow as its R² says
(`tests/sim/test_control_variates.py`).

What it gained, kaikou, 20,000 walls, seed 1 (points per hand, 95 % intervals):

| comparison | mode | paired over walls | with the control variates | its width |
|---|---|---|---|---|
| greedy variant (`ExpertAgent(evaluate_hu=False, evaluate_claims=False)`: the greedy bot's turns, claims by rule, every legal hu) − greedy | 1v3 | +4.82 [+3.79, +5.86] | +4.82 [+3.78, +5.85] | 0.2 % wider (0.998×) |
| expert − greedy (the ladder's step) | 1v3 | +9.92 [+8.55, +11.28] | +9.89 [+8.52, +11.26] | 0.4 % wider (0.996×) |
| expert − greedy | 2v2 | +12.53 [+10.67, +14.38] | +12.45 [+10.59, +14.31] | 0.3 % wider (0.997×) |

```bash
wuhanmj arena --agents expert,greedy --hands 20000 --seed 1 --workers 2 --control-variates
wuhanmj arena --agents expert,greedy --mode 2v2 --hands 20000 --seed 1 --workers 2 --control-variates
```

```python
from wuhanmj import arena
from wuhanmj.native.expert import ExpertAgent

if __name__ == "__main__":  # the workers import this module
    variant = ExpertAgent(evaluate_hu=False, evaluate_claims=False)
    print(arena([variant, "greedy"], hands=20000, seed=1, workers=2, control=True).summary())
```

Nothing: the intervals are 0.2–0.4 % *wider*. The duplicate seatings have taken that luck
out already. In `1v3` the payments of a game sum to zero (X5), so a wall's difference is
4/3 of the challenger's mean payment over its four seats, and a seat's starting hand enters
it once as the challenger's and once, with the other sign, as the baseline's; in `2v2`
likewise. What is left is how the challenger's edge varies with the deal, and the
starting shanten and 癞子 hardly predict it (the fitted coefficients are at most ~5 points
a unit, and the covariates vary by a unit or two from wall to wall, against a wall's
spread of 75–95 points);
the coefficients fitted on half the matches and the reference walls' noise then cost a
little width. The option costs ~7 % more CPU time for the default arena
(`bench/bench_arena.py`), so it stays off by default: the paired interval is the one to
read, and the unpaired one beside it shows what the seatings gained (1.2–1.7× here).
"""
"""The section on the control variates (measured once: kept as written, after ``REVIEW``)."""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def _fan(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.2f}"     # no win, no winner's fan


def _step(challenger: str, baseline: str, preset: str, mode: str, hands: int, seed: int, workers: int) -> list[str]:
    t0 = time.perf_counter()
    res = arena([challenger, baseline], hands=hands, mode=mode, rules=preset, seed=seed, workers=workers)
    secs = time.perf_counter() - t0
    (d,) = res.differences()
    lines = [f"### {preset}, {mode}: {challenger} − {baseline} = **{d['mean']:+.2f}** "
             f"[{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}] per hand, p = {d['p']:.3g}",
             "",
             "| agent | role | mean [95 % CI] | win % | 自摸 % | 放冲 % | big hu % | 银顶 % | 金顶 % | 承包 % "
             "| mean fan |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for label in res.agents:
        f: dict[str, Any] = res.agent_figures(label)
        lines.append(f"| {label} | {f['role']} | {f['mean']:+.2f} [{f['ci95'][0]:+.2f}, {f['ci95'][1]:+.2f}] | "
                     f"{_pct(f['win_rate'])} | {_pct(f['self_draw_rate'])} | {_pct(f['deal_in_rate'])} | "
                     f"{_pct(f['big_hu_rate'])} | {_pct(f['yinding_rate'])} | {_pct(f['jinding_rate'])} | "
                     f"{_pct(f['liability_rate'])} | {_fan(f['mean_fan'])} |")
    lines += ["", f"{res.games:,} games in {secs:.1f} s wall clock ({res.games / secs:,.0f} games/s, "
              f"{workers} worker{'s' if workers > 1 else ''}).", ""]
    return lines


def page(agents: list[str], hands: int, seed: int, workers: int, presets: tuple[str, ...] = PRESETS,
         modes: tuple[str, ...] = MODES) -> str:
    """The page's markdown for the ladder ``agents`` (weakest first, at least two).

    Raises:
        AgentError: fewer than two agents, or an unknown one (the arena names it).
        WuhanMJError: a bad count or preset (the arena's subclass, naming it).
    """
    if len(agents) < 2:
        raise AgentError(f"--agents: a ladder needs two agents or more, got {agents!r}")
    lines = [INTRO]
    for preset in presets:
        lines.append(f"## {preset}\n")
        for mode in modes:
            for low, high in zip(agents, agents[1:]):
                lines += _step(high, low, preset, mode, hands, seed, workers)
    cmd = (f"python docs/ladder.py --agents {','.join(agents)} --hands {hands} --seed {seed} "
           f"--workers {workers}")
    lines += ["## Regenerate", "", "```bash", cmd, "```", "", POLICY, REVIEW, VARIANCE]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Write the page (``--out``, default docs/BOTS.md); 2 on bad input (one line)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--agents", default="random,greedy,expert", help="the ladder, weakest first")
    p.add_argument("--hands", type=int, default=2000, help="walls per step (default 2000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--presets", default=",".join(PRESETS))
    p.add_argument("--modes", default=",".join(MODES))
    p.add_argument("--out", type=Path, default=PAGE)
    a = p.parse_args(argv)
    try:
        text = page([x.strip() for x in a.agents.split(",") if x.strip()], a.hands, a.seed, a.workers,
                    tuple(a.presets.split(",")), tuple(a.modes.split(",")))
    except WuhanMJError as err:
        print(f"ladder: {err}", file=sys.stderr)
        return 2
    a.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
