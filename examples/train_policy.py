"""Train the policy network: ``python examples/train_policy.py --seed S --minutes M``.

The same as ``wuhanmj train`` (see ``wuhanmj train --help``); needs
``pip install "wuhanmj[train]"`` (jax, optax) and the native engine.
"""

import argparse
import sys

from wuhanmj.cli.train import add_arguments, config
from wuhanmj.errors import WuhanMJError
from wuhanmj.learn.train import train

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    args = parser.parse_args()
    try:
        train(config(args, sys.argv[1:]))
    except WuhanMJError as err:     # a bad argument, jax missing, a file not written: one line
        parser.exit(2, f"{parser.prog}: {err}\n")
