package org.fudp.api;

import org.onosproject.event.EventListener;

/**
 * Receives {@link FudpEvent}s from {@link FudpService}.
 */
public interface FudpListener extends EventListener<FudpEvent> {
}
