// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.fudp.loop.LoopLayers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lab hosts the very loop the app hosts, through the same facade and API values only. */
class LoopUseTest {

    private static final JavaClasses LAB = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("org.fudp.lab");

    @Test
    void theLabUsesTheLoopThroughItsFacade() {
        assertTrue(LAB.contain(LabHost.class));
        LoopLayers.HOSTS.check(LAB);
    }
}
