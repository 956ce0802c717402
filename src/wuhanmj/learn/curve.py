"""The training curve of :func:`wuhanmj.learn.train.train`: the mean training reward and
the arena difference against greedy (1v3, per preset, with its 95 % interval) over the run."""

from __future__ import annotations

from typing import Any

from ..errors import PolicyError

__all__ = ["plot_curve"]


def plot_curve(curve: dict[str, Any], path: str) -> None:
    """Write the curve (the JSON log's dict: ``points``, each with ``cpu_s``, ``arena``
    and, during PPO, ``reward``) as an image (PNG or SVG by the suffix).

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
    rw = [(m, p["reward"]) for m, p in zip(minutes, pts) if "reward" in p]
    if rw:
        ax2.plot([x for x, _ in rw], [y for _, y in rw], marker=".")
    ax2.set_ylabel("mean training reward\n(payment / gold cap, per hand)")
    ax2.set_xlabel("CPU minutes of the training process")
    for i, p in enumerate(pts):
        if p["phase"] == "imitation":
            ax2.axvline(minutes[i], color="grey", ls=":", lw=0.8)
            ax1.axvline(minutes[i], color="grey", ls=":", lw=0.8)
    fig.suptitle("wuhanmj policy training: imitation of the expert, then PPO")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
