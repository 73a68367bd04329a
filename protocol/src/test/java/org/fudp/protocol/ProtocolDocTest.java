// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The hex vectors printed in docs/protocol.md are the ones in the test resource, so a third party
 * reading the spec tests against the same bytes our code is tested against.
 */
class ProtocolDocTest {

    private static final Pattern VECTOR = Pattern.compile(
            "<!-- vector: ([a-z0-9-]+) -->\\s*```[a-z]*\\n(.*?)```", Pattern.DOTALL);

    @Test
    void docHexVectorsEqualTheTestResource() throws IOException {
        Path doc = Paths.get(System.getProperty("user.dir")).resolve("../docs/protocol.md").normalize();
        assertTrue(Files.exists(doc), doc + " is missing");
        String text = new String(Files.readAllBytes(doc), StandardCharsets.UTF_8);
        Map<String, String> inDoc = new LinkedHashMap<>();
        Matcher m = VECTOR.matcher(text);
        while (m.find()) {
            inDoc.put(m.group(1), Hex.encode(Hex.decode(m.group(2))));
        }
        Map<String, String> inResource = TestVectors.hexByName(TestVectors.load());
        assertEquals(inResource, inDoc, "docs/protocol.md vectors differ from test-vectors.json");
    }
}
