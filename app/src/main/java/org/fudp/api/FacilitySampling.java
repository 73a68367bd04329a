// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.IpAddress;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * How a sampled facility's flows are found: by its switch's sFlow samples, from the agent address its
 * datagrams name, with rules of their own only for flows at the heavy rate or more (docs/scale.md).
 */
public final class FacilitySampling {

    private final IpAddress agent;
    private final Long heavyBps;

    /**
     * Creates the sampling of a facility.
     *
     * @param agent the address the switch's sFlow datagrams name as their agent
     * @param heavyBps the heavy rate in bit/s, null when the config leaves it to the default
     */
    public FacilitySampling(IpAddress agent, Long heavyBps) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.heavyBps = heavyBps;
    }

    /**
     * Returns the agent address the switch's datagrams name.
     *
     * @return the address
     */
    public IpAddress agent() {
        return agent;
    }

    /**
     * Returns the heavy rate as configured.
     *
     * @return bit/s, empty when the config leaves it to the default
     */
    public OptionalLong heavyBps() {
        return heavyBps == null ? OptionalLong.empty() : OptionalLong.of(heavyBps);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FacilitySampling)) {
            return false;
        }
        FacilitySampling that = (FacilitySampling) o;
        return agent.equals(that.agent) && Objects.equals(heavyBps, that.heavyBps);
    }

    @Override
    public int hashCode() {
        return Objects.hash(agent, heavyBps);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("agent", agent).add("heavyBps", heavyBps).omitNullValues()
                .toString();
    }
}
