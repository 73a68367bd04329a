// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import org.fudp.loop.api.settings.TrafficClass;

import java.util.List;

/**
 * Changes FUDP: facilities and bottlenecks (through the network config, so they persist and
 * replicate like any ONOS config), the control mode (through component config) and the keys in force
 * (from the key file).
 */
public interface FudpAdminService extends FudpService {

    /**
     * Replaces the configured facilities. The bottlenecks stay as they are.
     *
     * @param facilities the new facilities
     * @throws IllegalArgumentException if the resulting config is invalid; the message names
     *         the field, e.g. {@code facilities[0].adjustorPort: must differ from returnPort}
     */
    void setFacilities(List<FacilityConfig> facilities);

    /**
     * Replaces the configured bottlenecks. The facilities stay as they are.
     *
     * @param bottlenecks the new bottlenecks
     * @throws IllegalArgumentException if the resulting config is invalid; the message names
     *         the field
     */
    void setBottlenecks(List<Bottleneck> bottlenecks);

    /**
     * Replaces the traffic classes. Facilities and bottlenecks stay as they are.
     *
     * @param classes the new classes, in order
     * @throws IllegalArgumentException naming every bad field; nothing changes then
     */
    void setTrafficClasses(List<TrafficClass> classes);

    /**
     * Turns the control loop on or off. Off: flows are still tracked and measured, no
     * allocation is computed and every adjustor is told to clear its limits.
     *
     * @param enabled true to run the loop
     */
    void setEnabled(boolean enabled);

    /**
     * Turns dry-run on or off. In dry-run the loop computes and reports allocations and
     * decision records but sends nothing to the adjustors.
     *
     * @param dryRun true for dry-run
     */
    void setDryRun(boolean dryRun);

    /**
     * Reads the key file again (the {@code keyFile} component property) and puts its keys in force, so
     * that a key added to the file in place can sign frames. A file that cannot be read or holds a bad
     * line changes nothing: the keys in force stay.
     *
     * @return the key file's status after the read
     * @throws IllegalStateException if the file cannot be read or used, naming the file and why
     */
    KeyFileStatus reloadKeys();
}
