// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * GET /keys and POST /keys/reload: a reload that fails is a 409 naming the file and why, and changes
 * nothing.
 */
class KeysWebResourceTest extends ResourceTestBase {

    @Test
    void showsTheKeyFileWithoutItsKeys() {
        Reply r = get("keys");
        assertEquals(200, r.status, r.text);
        assertEquals("/opt/onos/config/fudp.keys", r.body.get("path").asText());
        assertEquals("[1,2]", r.body.get("keyIds").toString());
        assertEquals(0, r.body.get("warnings").size());
        assertEquals(List.of("path", "keyIds", "readMs", "keysTakenMs", "warnings"), List.copyOf(
                com.google.common.collect.Lists.newArrayList(r.body.fieldNames())));
    }

    @Test
    void aReloadAnswersTheStatusAfterTheRead() {
        Reply r = post("keys/reload", "");
        assertEquals(200, r.status, r.text);
        assertEquals("[1,2]", r.body.get("keyIds").toString());
        assertEquals(List.of("reloadKeys()"), service.adminCalls);
    }

    @Test
    void aReloadThatFailsIsAConflictNamingTheFileAndWhy() {
        service.keyFileUnusable = "key file /opt/onos/config/fudp.keys is unusable: line 2: key 8 has 2 bytes, at"
                + " least 16 are needed; the keys in force stay";
        assertError(409, service.keyFileUnusable, post("keys/reload", ""));
    }

    @Test
    void reloadIsAPost() {
        assertError(405, "(method): GET is not allowed here, allowed: OPTIONS, POST", get("keys/reload"));
    }
}
