// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.fudp.loop.LoopLayers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The app hosts the loop through its facade and its API values only, never a part below them, so the
 * loop can be rearranged inside without the app noticing.
 */
class LoopUseTest {

    private static final JavaClasses APP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("org.fudp");

    @Test
    void theAppUsesTheLoopThroughItsFacade() {
        // Guards the rule against passing vacuously on an import without the app.
        assertTrue(APP.contain(FudpManager.class));
        assertTrue(APP.contain(LoopHost.class));
        LoopLayers.HOSTS.check(APP);
    }
}
