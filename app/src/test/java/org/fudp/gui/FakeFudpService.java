package org.fudp.gui;

import org.fudp.api.ControlStatus;
import org.fudp.api.InMemoryFudpService;

import java.util.List;

/**
 * A FUDP service holding fixed values, as the GUI reads them.
 */
final class FakeFudpService extends InMemoryFudpService {

    List<String> warnings = List.of();

    @Override
    public ControlStatus getControlStatus() {
        return new ControlStatus(true, false, 1000, 0.5, 0.5, 150, GuiScenario.END_MS, warnings);
    }
}
