# The native agent's view (agent.pxd's AgentView), filled by both engines alike.

from wuhanmj.native.agent cimport AgentView
from wuhanmj.native.hand cimport HandC

# The view of seat in h (agent.pxd), with the match scores (4, or NULL for zeros).
cdef void agent_view(AgentView* v, const HandC* h, int seat, const double* scores) noexcept nogil

# The same view from an Observation (wuhanmj.game.observation; NativeAgent.act on the Python
# engine). An observation made without its rule set takes its schedule's preset (kaikou, or
# koukou_fan under X2) with its pizi (R3); without visible_counts they are counted from its
# other fields (D6).
cdef int view_from_observation(AgentView* v, object o) except -1
