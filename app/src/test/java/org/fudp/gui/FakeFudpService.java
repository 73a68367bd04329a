// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.fudp.api.ControlStatus;
import org.fudp.api.InMemoryFudpService;

import java.util.List;

/**
 * A FUDP service holding fixed values, as the GUI reads them.
 */
public final class FakeFudpService extends InMemoryFudpService {

    List<String> warnings = List.of();

    /**
     * Sets the warnings the control status reports.
     *
     * @param warnings what the operator should fix
     */
    public void setWarnings(List<String> warnings) {
        this.warnings = List.copyOf(warnings);
    }

    @Override
    public ControlStatus getControlStatus() {
        return new ControlStatus(true, false, 1000, 0.5, 0.5, 150, GuiScenario.END_MS, warnings);
    }
}
