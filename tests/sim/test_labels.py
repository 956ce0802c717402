"""Agent labels in the text tables: cut to their column, never two alike."""

from __future__ import annotations

import pytest

from wuhanmj.errors import AgentError
from wuhanmj.sim.arena import arena
from wuhanmj.sim.simulate import simulate
from wuhanmj.stats.labels import legend, short_labels

A = "mybots.strong:Agent"      # 19 characters: cut
B = "mybots.strong:Agent2"     # cut to the same 12 characters as A


def test_labels_that_fit_are_kept_and_long_ones_cut():
    assert short_labels(["greedy", "random", "greedy"]) == {"greedy": "greedy", "random": "random"}
    assert short_labels(["greedy", A]) == {"greedy": "greedy", A: "mybots.stro…"}
    assert legend(short_labels(["greedy", A])) == []


def test_labels_whose_cut_collides_are_numbered_with_a_legend():
    labels = short_labels(["greedy", A, B])
    assert labels == {"greedy": "greedy", A: "agent 2", B: "agent 3"}
    assert legend(labels) == [f"agent 2 = {A}", f"agent 3 = {B}"]


class PatientPlayerNorth:
    """A custom agent: the first legal action."""

    def act(self, obs, legal):
        return legal[0]


class PatientPlayerSouth(PatientPlayerNorth):
    """The same, under a name whose first twelve characters are the other's."""


def test_two_agents_with_the_same_twelve_characters_are_told_apart_in_the_tables():
    n, s = "PatientPlayerNorth", "PatientPlayerSouth"
    r = simulate(hands=4, agents=[PatientPlayerNorth(), PatientPlayerSouth(), "greedy", "greedy"], seed=1,
                 engine="python")
    text = r.summary()
    seat_rows = [line.split()[:3] for line in text.splitlines()[3:7]]
    assert seat_rows[:2] == [["0", "agent", "1"], ["1", "agent", "2"]]
    assert f"agent 1 = {n}" in text and f"agent 2 = {s}" in text
    assert "PatientPlaye" not in text.replace(n, "").replace(s, "")
    a = arena(agents=[PatientPlayerNorth(), PatientPlayerSouth()], hands=2, seed=1, engine="python")
    text = a.summary()
    assert f"agent 1 = {n}" in text and f"agent 2 = {s}" in text
    assert "PatientPlaye" not in text.replace(n, "").replace(s, "")


def test_a_comma_inside_a_cmd_command_is_named_as_the_likely_cause():
    with pytest.raises(AgentError, match="cannot hold a comma"):
        simulate(hands=1, agents="cmd:python3 -c 'a,b',greedy")
    with pytest.raises(AgentError, match="cannot hold a comma"):
        arena(agents="cmd:python3 -c 'a,b',greedy", hands=1)
