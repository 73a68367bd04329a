// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.KeyFileStatus;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.ArrayList;
import java.util.List;

/**
 * The controller's key file: {@code path}, {@code keyIds} (the ids of the keys in force, never the
 * keys), {@code readMs}, {@code keysTakenMs} and {@code warnings}.
 */
public final class KeyFileStatusCodec extends JsonCodec<KeyFileStatus> {

    static final String PATH = "path";
    static final String KEY_IDS = "keyIds";
    static final String READ = "readMs";
    static final String TAKEN = "keysTakenMs";
    static final String WARNINGS = "warnings";

    @Override
    public ObjectNode encode(KeyFileStatus s, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(PATH, s.path());
        ArrayNode ids = n.putArray(KEY_IDS);
        s.keyIds().forEach(ids::add);
        n.put(READ, s.readMs());
        n.put(TAKEN, s.keysTakenMs());
        ArrayNode w = n.putArray(WARNINGS);
        s.warnings().forEach(w::add);
        return n;
    }

    @Override
    public KeyFileStatus decode(ObjectNode json, CodecContext context) {
        List<Long> ids = new ArrayList<>();
        JsonNode idsNode = json.get(KEY_IDS);
        if (idsNode == null || !idsNode.isArray()) {
            throw new IllegalArgumentException(KEY_IDS + ": must be an array of key ids, was "
                    + JsonFields.describe(idsNode));
        }
        for (int i = 0; i < idsNode.size(); i++) {
            JsonNode id = idsNode.get(i);
            if (!id.isIntegralNumber() || id.asLong() < 0 || id.asLong() > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException(KEY_IDS + "[" + i + "]: must be a key id (0..4294967295), was "
                        + JsonFields.describe(id));
            }
            ids.add(id.asLong());
        }
        List<String> warnings = new ArrayList<>();
        JsonNode w = json.get(WARNINGS);
        if (w != null && w.isArray()) {
            w.forEach(v -> warnings.add(v.asText()));
        }
        return new KeyFileStatus(JsonFields.text(json, "", PATH), ids, JsonFields.longValue(json, "", READ),
                JsonFields.longValue(json, "", TAKEN), warnings);
    }
}
