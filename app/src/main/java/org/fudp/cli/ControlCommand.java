// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.fudp.api.ControlStatus;
import org.fudp.api.FudpAdminService;

/**
 * Shows the control loop's mode, or changes it like {@code POST /onos/fudp/control}.
 */
@Service
@Command(scope = "onos", name = "fudp-control",
        description = "Shows the FUDP control loop's mode, or turns it on/off and dry-run on/off")
public class ControlCommand extends FudpCommand {

    @Option(name = "-e", aliases = "--enabled", description = "true: run the control loop; false: stop it "
            + "and clear every adjustor's limits")
    @Completion(value = StringsCompleter.class, values = {"true", "false"})
    String enabled = null;

    @Option(name = "-d", aliases = "--dry-run", description = "true: compute and report allocations but "
            + "send nothing; false: enforce them")
    @Completion(value = StringsCompleter.class, values = {"true", "false"})
    String dryRun = null;

    @Override
    protected void run() {
        // Parse both before changing either, so a bad value changes nothing.
        Boolean on = flag("--enabled", enabled);
        Boolean dry = flag("--dry-run", dryRun);
        if (on != null || dry != null) {
            FudpAdminService admin = getService(FudpAdminService.class);
            if (Boolean.TRUE.equals(dry)) {
                admin.setDryRun(true);
            }
            if (on != null) {
                admin.setEnabled(on);
            }
            if (Boolean.FALSE.equals(dry)) {
                admin.setDryRun(false);
            }
        }
        ControlStatus s = fudp().getControlStatus();
        if (outputJson()) {
            printJson(codec(ControlStatus.class).encode(s, this));
            return;
        }
        print("enabled=%s, dryRun=%s, period=%d ms, alpha=%s, beta=%s, periods run=%d, last period=%s",
                s.enabled(), s.dryRun(), s.periodMs(), s.alpha(), s.beta(), s.periodsRun(), time(s.lastPeriodMs()));
        // The operator's docs send them here for key and poll warnings: the text shows them as -j does.
        for (String w : s.warnings()) {
            print("warning: %s", w);
        }
    }
}
