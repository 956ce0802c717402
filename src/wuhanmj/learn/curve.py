"""The training curve of :func:`wuhanmj.learn.train.train`: the arena difference against
greedy (1v3, per preset, with its 95 % interval), the held-out agreement with the expert
and the mean training reward (PPO) over the run."""

from __future__ import annotations

from typing import Any

from ..errors import PolicyError

__all__ = ["plot_curve"]


def plot_curve(curve: dict[str, Any], path: str) -> None:
    """Write the curve (the JSON log's dict: ``points``, each with ``phase``, ``cpu_s``,
    ``arena``, ``agreement`` and, during PPO, ``reward``) as an image (PNG or SVG by the
    suffix).

    Raises:
        PolicyError: matplotlib is not installed (the ``report`` extra).
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as err:
        raise PolicyError(f"the training curve needs matplotlib (pip install \"wuhanmj[report]\"): {err}") from None
    pts = curve.get("points", [])
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    minutes = [p["cpu_s"] / 60 for p in pts]
    rules = [r for r in curve.get("config", {}).get("rules", []) if any(r in p.get("arena", {}) for p in pts)]
    for r in rules:
        xs = [m for m, p in zip(minutes, pts) if r in p.get("arena", {})]
        ys = [p["arena"][r] for p in pts if r in p.get("arena", {})]
        ax1.errorbar(xs, [y[0] for y in ys], yerr=[[y[0] - y[1] for y in ys], [y[2] - y[0] for y in ys]],
                     marker="o", capsize=3, label=r)
    ax1.axhline(0, color="grey", lw=0.8)
    ax1.set_ylabel("policy − greedy, per hand\n(arena 1v3, 95 % CI)")
    ax1.legend(fontsize=8)
    ag = [(m, p["agreement"]) for m, p in zip(minutes, pts) if "agreement" in p]
    if ag:
        ax2.plot([x for x, _ in ag], [100 * y for _, y in ag], marker=".", color="tab:green")
    ax2.set_ylabel("top-1 agreement with the\nexpert, held out (%)", color="tab:green")
    ax2.set_xlabel("CPU minutes of the training process")
    rw = [(m, p["reward"]) for m, p in zip(minutes, pts) if "reward" in p]
    if rw:
        ax3 = ax2.twinx()
        ax3.plot([x for x, _ in rw], [y for _, y in rw], marker=".", color="tab:purple")
        ax3.set_ylabel("mean training reward\n(payment / gold cap, per hand)", color="tab:purple")
    for i, p in enumerate(pts):
        if p["phase"] == "imitation":      # the end of imitation
            ax2.axvline(minutes[i], color="grey", ls=":", lw=0.8)
            ax1.axvline(minutes[i], color="grey", ls=":", lw=0.8)
    ppo = any(p["phase"] in ("ppo", "final") for p in pts)
    fig.suptitle("wuhanmj policy training: imitation of the expert" + (", then PPO" if ppo else ""))
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
