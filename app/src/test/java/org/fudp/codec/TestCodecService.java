// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A codec service holding FUDP's codecs, as ONOS's CodecManager would after
 * {@link FudpCodecRegistrator} activated.
 */
public class TestCodecService implements CodecService {

    private final Map<Class<?>, JsonCodec<?>> codecs = new HashMap<>();

    /**
     * Creates the service with every FUDP codec registered.
     */
    public TestCodecService() {
        FudpCodecs.registerAll(this);
    }

    @Override
    public Set<Class<?>> getCodecs() {
        return Set.copyOf(codecs.keySet());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> JsonCodec<T> getCodec(Class<T> entityClass) {
        return (JsonCodec<T>) codecs.get(entityClass);
    }

    @Override
    public <T> void registerCodec(Class<T> entityClass, JsonCodec<T> codec) {
        codecs.put(entityClass, codec);
    }

    @Override
    public void unregisterCodec(Class<?> entityClass) {
        codecs.remove(entityClass);
    }
}
