package org.fudp.api;

import org.onosproject.store.StoreDelegate;

/**
 * Receives the events a {@link FudpStore} derives from its changes.
 */
public interface FudpStoreDelegate extends StoreDelegate<FudpEvent> {
}
