package org.fudp.loop;

/**
 * The control state of a correlation flow set, as REST and the GUI show it.
 */
public enum CfsState {
    /** The allocations are unchanged since the last period and acknowledged (or there are none). */
    FAIR,
    /** The last period changed an allocation, or an allocation is not yet acknowledged. */
    ADJUSTING,
    /** The CFS has UDP flows whose adjustor is down or was never heard from. */
    NO_AGENT,
    /** The CFS has no UDP flow: nothing to control. */
    NO_UDP
}
