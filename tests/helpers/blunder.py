"""A hand with a known blunder for the review tests: seat 0 plays the greedy bot but passes
the first hu it is offered on another seat's tile (a claim window, P2). What the hu was
worth is read from the Python engine stepped to that decision, then Hu (X5): not from the
review under test."""

from __future__ import annotations

from wuhanmj import Game, GreedyAgent, Hu, Pass, Rules
from wuhanmj.game.actions import HU, PASS


class PassHuOnce(GreedyAgent):
    """The greedy bot, except that it passes the first hu offered with a pass beside it."""

    def __init__(self) -> None:
        super().__init__()
        self.passed = False

    def act(self, observation, legal_actions):
        if not self.passed and Hu() in legal_actions and Pass() in legal_actions:
            self.passed = True
            return Pass()
        return super().act(observation, legal_actions)


def play(seed: int, rules: str = "kaikou") -> tuple[dict, PassHuOnce]:
    """One hand, seat 0 a PassHuOnce, the others greedy: its record and seat 0's agent."""
    game = Game(Rules.preset(rules), seed=seed)
    blunderer = PassHuOnce()
    agents = [blunderer, GreedyAgent(), GreedyAgent(), GreedyAgent()]
    while not game.over:
        s = game.current_player
        game.step(s, agents[s].act(game.observation(s), game.legal_actions(s)))
    return {"hand": 7, "events": game.events, "agents": ["pass-hu-once", "greedy", "greedy", "greedy"]}, blunderer


def game_before(events: list, k: int) -> Game:
    """The Python engine just before event ``k`` (stepped through the actions before it)."""
    g = Game.replay(events[:2])
    for e in events[2:k]:
        if "action" in e:
            g.step(e["seat"], e["action"])
    return g


BIG = 100
"""The least payment of the passed hu (points): a hu worth this much outweighs what a
choice between discards moves the expected payment (a small hu of kaikou pays 32 or
more, and passing one of those can be nearly as good as taking it)."""


def blunder() -> tuple[dict, int, float]:
    """A hand where seat 0 passed a hu worth at least :data:`BIG` that would have ended the
    hand at once: the record, the pass's event index and the payment seat 0 would have had
    (X5 units), the first such hand of the seeds 0, 1, ..."""
    for seed in range(200):
        rec, agent = play(seed)
        if not agent.passed:
            continue
        ev = rec["events"]
        k = next(i for i, e in enumerate(ev) if e.get("seat") == 0 and e.get("action") == PASS
                 and HU in [a.code for a in game_before(ev, i).legal_actions(0)])
        g = game_before(ev, k)
        g.step(0, Hu())
        if g.over and g.result.winner == 0 and g.result.payments[0] >= BIG:
            return rec, k, float(g.result.payments[0])
    raise AssertionError("no seed in 0..199 gives a passed hu")  # pragma: no cover
