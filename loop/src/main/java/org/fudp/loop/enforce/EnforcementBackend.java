// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.settings.Facility;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where the loop's limits go to be enforced, per facility. The tc flow adjustor reached by
 * signed control frames ({@link AdjustorBackend}) is the one implementation today; OpenFlow
 * meters would be another. A backend returns what it wants sent through {@link Actions}, as the
 * loop does.
 */
public interface EnforcementBackend {

    /**
     * Makes these the facilities; one that is removed or changed is told to drop its limits.
     *
     * @param facilities the facilities in force
     * @param nowMs the time
     * @param out where frames, agent views and notices go
     */
    void setFacilities(Collection<Facility> facilities, long nowMs, Actions out);

    /**
     * Sets the limits a facility should hold from now on.
     *
     * @param facilityId the facility
     * @param limits every limit it should hold
     */
    void setDesired(String facilityId, List<FlowLimit> limits);

    /**
     * Sends what is due and checks liveness.
     *
     * @param nowMs the time
     * @param out where frames, changed agent views and notices go
     * @return true if some agent's view changed
     */
    boolean tick(long nowMs, Actions out);

    /**
     * Handles a control frame from a facility's enforcer.
     *
     * @param nowMs arrival time
     * @param facilityId where it arrived
     * @param frame the whole Ethernet frame
     * @param out where answers, views and notices go
     * @return true if it acknowledged a facility's desired state
     */
    boolean receive(long nowMs, String facilityId, byte[] frame, Actions out);

    /**
     * Tells whether a facility's enforcer is up.
     *
     * @param facilityId the facility
     * @return true if heard from within the heartbeat timeout
     */
    boolean isUp(String facilityId);

    /**
     * Returns the rate a flow's packets are held to now, by the enforcer's own word: the agent is up
     * and acknowledged applying a state with the flow's limit, or the flow's meter is on the switch.
     * A limit the loop decided but the enforcer has not put in force holds nothing.
     *
     * @param facilityId the facility
     * @param flow the flow
     * @return bit/s, empty if no limit of it is in force
     */
    OptionalLong inForceBps(String facilityId, FiveTuple flow);

    /**
     * Returns the id of the state that carries the current limits, once it was sent.
     *
     * @param facilityId the facility
     * @return the id, 0 if the current limits have not been sent
     */
    long sentDesiredId(String facilityId);

    /**
     * Tells whether a facility's current limits are acknowledged.
     *
     * @param facilityId the facility
     * @return true once its enforcer acknowledged them
     */
    boolean desiredAcknowledged(String facilityId);

    /**
     * Returns when the counters of a facility's flows should be read to start a new measurement
     * window under the current limits.
     *
     * @param facilityId the facility
     * @return {due time, earliest counter time that counts}, empty if nothing is pending
     */
    Optional<long[]> rebaseWindow(String facilityId);

    /**
     * Notes that a facility's flows are now measured under the current limits.
     *
     * @param facilityId the facility
     */
    void rebased(String facilityId);

    /**
     * Returns the view of a facility's enforcer.
     *
     * @param facilityId the facility
     * @return the view, empty for an unknown facility
     */
    Optional<AgentState> view(String facilityId);

    /**
     * Tells every enforcer to drop its limits: the controller stops.
     *
     * @param out where the frames go
     */
    void stop(Actions out);

    /**
     * Stops driving a facility's enforcement and leaves what is in force there as it is, for the
     * controller instance that takes the facility over.
     *
     * @param facilityId the facility
     */
    void handOver(String facilityId);

    /**
     * Tells why the enforcer refused a flow's limit, if it did.
     *
     * @param facilityId the facility
     * @param flow the flow
     * @return the reason; empty if the limit was not refused
     */
    default Optional<String> refusal(String facilityId, FiveTuple flow) {
        return Optional.empty();
    }
}
