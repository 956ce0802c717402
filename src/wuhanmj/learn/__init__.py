"""Training the learned policy (:mod:`wuhanmj.policy`) on the learning environments:
imitation of the expert bot, then PPO against a pool (:func:`wuhanmj.learn.train.train`,
``wuhanmj train``). It sits after :mod:`wuhanmj.envs` in the data flow and needs the
``train`` extra (jax, optax) for its gradients; the policy's weights, forward pass and
agent (:mod:`wuhanmj.policy`) need neither."""
