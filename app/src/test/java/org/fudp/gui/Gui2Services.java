// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.onosproject.app.ApplicationServiceAdapter;
import org.onosproject.app.ApplicationState;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;

/**
 * Core and application services that report GUI2 installed, and active or not.
 */
final class Gui2Services {

    private Gui2Services() {
    }

    /** Knows GUI2's application id. */
    static final class Core extends CoreServiceAdapter {
        @Override
        public ApplicationId getAppId(String name) {
            return ActiveGui.GUI2_APP.equals(name) ? new DefaultApplicationId(7, name) : null;
        }
    }

    /** Tells GUI2 active or only installed (the legacy GUI runs). */
    static final class Apps extends ApplicationServiceAdapter {
        private final boolean active;

        Apps(boolean active) {
            this.active = active;
        }

        @Override
        public ApplicationState getState(ApplicationId appId) {
            return active ? ApplicationState.ACTIVE : ApplicationState.INSTALLED;
        }
    }
}
