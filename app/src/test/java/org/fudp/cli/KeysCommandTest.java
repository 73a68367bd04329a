// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.api.KeyFileStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code fudp-keys}: the key file in force, and {@code --reload}, whose failure is printed, not thrown.
 */
class KeysCommandTest extends CommandTestBase {

    @Test
    void showsThePathTheKeyIdsAndTheWarnings() {
        service.keyFile = new KeyFileStatus("/opt/onos/config/fudp.keys", List.of(1L, 2L), 1_764_000_000_000L,
                1_763_990_000_000L, List.of("key file /opt/onos/config/fudp.keys is readable by group or others"
                + " (rw-r--r--); chmod 600 it"));
        assertEquals("key file /opt/onos/config/fudp.keys: key ids 1, 2, read 2025-11-24T16:00:00Z, keys taken"
                + " 2025-11-24T13:13:20Z\nwarning: key file /opt/onos/config/fudp.keys is readable by group or others"
                + " (rw-r--r--); chmod 600 it\n", run(new KeysCommand(), false));
        assertEquals(List.of(), service.adminCalls, "showing is not reloading");
    }

    @Test
    void reloadRereadsTheFileAndPrintsItsStatusAsJsonWithJ() throws Exception {
        KeysCommand c = new KeysCommand();
        c.reload = true;
        String json = run(c, true);
        assertEquals("[1,2]", new ObjectMapper().readTree(json).get("keyIds").toString());
        assertEquals(List.of("reloadKeys()"), service.adminCalls);
    }

    @Test
    void aReloadThatFailsPrintsWhy() {
        service.keyFileUnusable = "no key file at /opt/onos/config/fudp.keys (NoSuchFileException): the keys in"
                + " force stay";
        KeysCommand c = new KeysCommand();
        c.reload = true;
        assertEquals("", run(c, false));
        assertEquals(service.keyFileUnusable, errors().trim());
    }
}
