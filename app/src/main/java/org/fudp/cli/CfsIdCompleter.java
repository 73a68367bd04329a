// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.api.FudpService;
import org.onlab.osgi.ServiceDirectory;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.cli.AbstractShellCommand;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Completes correlation flow set ids.
 */
@Service
public class CfsIdCompleter extends AbstractChoicesCompleter {

    /** Where services come from; null in Karaf, a test directory in unit tests. */
    ServiceDirectory directory;

    @Override
    protected List<String> choices() {
        FudpService service = directory == null ? AbstractShellCommand.get(FudpService.class)
                : directory.get(FudpService.class);
        return service.getCorrelationFlowSets().stream().map(CorrelationFlowSet::id).sorted()
                .collect(Collectors.toList());
    }
}
