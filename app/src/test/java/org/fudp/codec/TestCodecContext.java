// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.api.FudpService;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;

/**
 * A codec context over {@link TestCodecService} and a FUDP service double.
 */
public class TestCodecContext implements CodecContext {

    private final ObjectMapper mapper = new ObjectMapper();
    private final CodecService codecs = new TestCodecService();
    private final FudpService service;

    /**
     * Creates the context.
     *
     * @param service the FUDP service codecs may consult, may be null
     */
    public TestCodecContext(FudpService service) {
        this.service = service;
    }

    @Override
    public ObjectMapper mapper() {
        return mapper;
    }

    @Override
    public <T> JsonCodec<T> codec(Class<T> entityClass) {
        return codecs.getCodec(entityClass);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getService(Class<T> serviceClass) {
        if (serviceClass == FudpService.class) {
            return (T) service;
        }
        if (serviceClass == CodecService.class) {
            return (T) codecs;
        }
        return null;
    }
}
