// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.api.FudpAdminService;
import org.fudp.api.KeyFileStatus;

import java.util.stream.Collectors;

/**
 * Shows the controller's key file, or rereads it like {@code POST /onos/fudp/keys/reload}.
 */
@Service
@Command(scope = "onos", name = "fudp-keys",
        description = "Shows the FUDP key file in force (path, key ids, warnings), or rereads it")
public class KeysCommand extends FudpCommand {

    @Option(name = "-r", aliases = "--reload", description = "reread the key file and put its keys in force; "
            + "a file that cannot be read or used changes nothing")
    boolean reload = false;

    @Override
    protected void run() {
        // A failed reload throws IllegalStateException naming the file and why: FudpCommand prints it.
        KeyFileStatus s = reload ? getService(FudpAdminService.class).reloadKeys() : fudp().getKeyFileStatus();
        if (outputJson()) {
            printJson(codec(KeyFileStatus.class).encode(s, this));
            return;
        }
        print("key file %s: %s, read %s, keys taken %s", s.path(), s.keyIds().isEmpty() ? "no keys in force"
                : "key ids " + s.keyIds().stream().map(String::valueOf).collect(Collectors.joining(", ")),
                time(s.readMs()), time(s.keysTakenMs()));
        s.warnings().forEach(w -> print("warning: %s", w));
    }
}
