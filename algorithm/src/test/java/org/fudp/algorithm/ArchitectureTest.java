// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The core package stays plain Java, so that the ONOS app, the lab and the tools all run the
 * very same code.
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.fudp.algorithm");

    @Test
    void importedTheCore() {
        // Guards the rules below against passing vacuously on an empty import.
        assertTrue(MAIN.contain(CfsController.class));
    }

    @Test
    void coreUsesNoOnos() {
        ArchRule rule = noClasses().that().resideInAPackage("org.fudp.algorithm")
                .should().dependOnClassesThat().resideInAPackage("org.onosproject..");
        rule.check(MAIN);
    }

    @Test
    void coreUsesNoJackson() {
        ArchRule rule = noClasses().that().resideInAPackage("org.fudp.algorithm")
                .should().dependOnClassesThat().resideInAPackage("com.fasterxml..");
        rule.check(MAIN);
    }

    @Test
    void coreUsesOnlyTheJdk() {
        ArchRule rule = noClasses().that().resideInAPackage("org.fudp.algorithm")
                .should().dependOnClassesThat().resideOutsideOfPackages("java..", "org.fudp.algorithm");
        rule.check(MAIN);
    }
}
