// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing of the what-if parser and runner (the {@code fudp-whatif} command and the app's
 * {@code POST /whatif}): the input is the JSON document. It must either be rejected with a
 * {@link WhatIfInputException} naming a field, or run to decisions, one per CFS a period names, whose JSON holds
 * only finite numbers; any other exception is a finding.
 */
class WhatIfParserFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void parse(byte[] document) throws IOException {
        JsonNode json;
        WhatIfInput input;
        try {
            json = WhatIfParser.readJson(new ByteArrayInputStream(document));
            input = WhatIfParser.parse(json);
        } catch (WhatIfInputException e) {
            assertNotNull(e.getMessage());
            return;
        }
        WhatIfResult r = WhatIfRunner.run(input);
        assertEquals(input.periods().size(), r.periods().size());
        for (int p = 0; p < r.periods().size(); p++) {
            assertEquals(input.periods().get(p).size(), r.periods().get(p).size(), "one decision per CFS");
        }
        ObjectNode out = r.toJson();
        assertFinite(out, "");
    }

    private static void assertFinite(JsonNode n, String path) {
        if (n.isNumber()) {
            assertTrue(Double.isFinite(n.asDouble()), path + " is " + n);
        }
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                assertFinite(n.get(i), path + "[" + i + "]");
            }
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext();) {
            String f = it.next();
            assertFinite(n.get(f), path + "." + f);
        }
    }
}
