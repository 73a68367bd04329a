// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.api.FudpStore;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * The store contract across instances: every write goes to one {@link DistributedFudpStore} (the
 * instance running the loop), every read and every event comes from another over the same shared
 * storage. So what another instance serves (decoded copies) and the events it raises for remote
 * changes are held to the same behaviour as a local store.
 */
class RemoteReaderContractTest extends FudpStoreContract {

    @Override
    FudpStore newStore(int historyLength) {
        SharedTestStorageService cluster = new SharedTestStorageService();
        FudpStore writer = new DistributedFudpStore(cluster, historyLength);
        FudpStore reader = new DistributedFudpStore(cluster, historyLength);
        return (FudpStore) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {FudpStore.class},
                (proxy, method, args) -> {
                    String name = method.getName();
                    try {
                        if (name.equals("setHistoryLength")) {
                            // A component property: every instance gets it.
                            method.invoke(writer, args);
                            return method.invoke(reader, args);
                        }
                        boolean read = name.startsWith("get") || name.endsWith("Delegate")
                                || name.equals("hasDelegate");
                        return method.invoke(read ? reader : writer, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Override
    boolean clearRaisesEvents() {
        return true;
    }
}
