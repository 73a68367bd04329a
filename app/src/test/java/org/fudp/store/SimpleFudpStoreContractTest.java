// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.api.FudpStore;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;

/**
 * The store contract on {@code SimpleFudpStore}, the in-memory store, so that both stores are held
 * to one behaviour.
 */
class SimpleFudpStoreContractTest extends FudpStoreContract {

    @Override
    FudpStore newStore(int historyLength) {
        // SimpleFudpStore is package-private in org.fudp.impl and this package may not change it:
        // reached by reflection (tests run on the class path, where the check allows it).
        try {
            Constructor<?> c = Class.forName("org.fudp.impl.SimpleFudpStore").getDeclaredConstructor(int.class);
            c.setAccessible(true);
            return (FudpStore) c.newInstance(historyLength);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw new IllegalStateException(e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
