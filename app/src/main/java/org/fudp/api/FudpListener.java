// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import org.onosproject.event.EventListener;

/**
 * Receives {@link FudpEvent}s from {@link FudpService}.
 */
public interface FudpListener extends EventListener<FudpEvent> {
}
