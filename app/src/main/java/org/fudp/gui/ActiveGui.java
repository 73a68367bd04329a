// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.onlab.osgi.ServiceDirectory;
import org.onosproject.app.ApplicationService;
import org.onosproject.app.ApplicationState;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;

/**
 * Tells which of ONOS 2.7's two web GUIs is running. Both serve {@code /onos/ui}, so only one is
 * active at a time: GUI2 (application {@code org.onosproject.gui2}, the default) or the legacy
 * GUI ({@code org.onosproject.gui}).
 */
final class ActiveGui {

    /** Application name of ONOS's Angular GUI. */
    static final String GUI2_APP = "org.onosproject.gui2";

    private ActiveGui() {
    }

    /**
     * Tells whether GUI2 is active.
     *
     * @param core core service, which knows GUI2's application id once it is installed
     * @param apps application service
     * @return true if GUI2 is installed and active
     */
    static boolean gui2(CoreService core, ApplicationService apps) {
        ApplicationId gui2 = core.getAppId(GUI2_APP);
        return gui2 != null && apps.getState(gui2) == ApplicationState.ACTIVE;
    }

    /**
     * Tells whether GUI2 is active, from a GUI connection's services.
     *
     * @param directory service directory
     * @return true if GUI2 is active; false without an application subsystem (as in tests)
     */
    static boolean gui2(ServiceDirectory directory) {
        try {
            return gui2(directory.get(CoreService.class), directory.get(ApplicationService.class));
        } catch (RuntimeException e) {
            return false;
        }
    }
}
