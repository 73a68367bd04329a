// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.settings.ReachesIntoEvents;
import org.fudp.loop.collect.PerFlowCollection;
import org.fudp.loop.enforce.ReachesIntoCollection;
import org.fudp.loop.flow.ReachesUpIntoSets;
import org.fudp.loop.sets.ReachesDownIntoFlow;
import org.fudp.loop.view.ReachesUpToTheFacade;
import org.fudp.hostfixture.HostUsingEnforcement;
import org.fudp.loop.enforce.FailOpen;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loop is hosted, never a host: it imports no ONOS and touches no clock, process, file,
 * socket or thread, so the ONOS app and the lab run the very same code and tests can drive it
 * event by event. Inside, one package per part of the paper, layered as {@link LoopLayers} says
 * (docs/architecture.md draws it).
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.fudp.loop");

    @Test
    void importedTheLoop() {
        // Guards the rules below against passing vacuously on an empty import.
        assertTrue(MAIN.contain(FudpLoop.class));
        assertTrue(MAIN.contain(PerFlowCollection.class));
    }

    @Test
    void loopUsesNoOnos() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.onosproject..", "org.onlab..")
                .check(MAIN);
    }

    @Test
    void loopDependsOnTheJdkTheAlgorithmAndTheProtocolOnly() {
        noClasses().should().dependOnClassesThat().resideOutsideOfPackages("java..", "org.fudp.loop..",
                "org.fudp.algorithm", "org.fudp.protocol").check(MAIN);
    }

    @Test
    void loopReadsNoClock() {
        noClasses().should().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(System.class, "nanoTime")
                .orShould().callMethodWhere(target(name("now")))
                .orShould().callMethod(Clock.class, "systemUTC")
                .orShould().callMethod(Clock.class, "systemDefaultZone")
                .check(MAIN);
    }

    @Test
    void loopSendsAndReadsNothingItself() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.nio.channels..",
                "java.net.http..", "java.util.concurrent..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.DatagramSocket")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.ServerSocket")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.File")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.ProcessBuilder")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.Process")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.Runtime")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.Thread")
                .check(MAIN);
    }

    @Test
    void packagesFollowTheLayers() {
        LoopLayers.LAYERS.check(MAIN);
    }

    @Test
    void theApiPackagesFollowTheirLayers() {
        LoopLayers.API.check(MAIN);
    }

    @Test
    void packagesFormNoCycle() {
        LoopLayers.NO_CYCLES.check(MAIN);
    }

    // The rules are shown to bite on fixtures of this test tree, never on main code: each fixture breaks one.

    @Test
    void enforcementReachingIntoCollectionBreaksTheLayers() {
        JavaClasses fixture = new ClassFileImporter().importClasses(ReachesIntoCollection.class,
                PerFlowCollection.class);
        AssertionError e = assertThrows(AssertionError.class, () -> LoopLayers.LAYERS.check(fixture));
        assertTrue(e.getMessage().contains("ReachesIntoCollection"), e.getMessage());
    }

    @Test
    void theFlowBaseReachingUpIntoSetsMakesACycle() {
        JavaClasses fixture = new ClassFileImporter().importClasses(ReachesUpIntoSets.class,
                ReachesDownIntoFlow.class);
        AssertionError up = assertThrows(AssertionError.class, () -> LoopLayers.LAYERS.check(fixture));
        assertTrue(up.getMessage().contains("ReachesUpIntoSets"), up.getMessage());
        AssertionError e = assertThrows(AssertionError.class, () -> LoopLayers.NO_CYCLES.check(fixture));
        assertTrue(e.getMessage().contains("Cycle"), e.getMessage());
    }

    @Test
    void aPartReachingUpToTheFacadeIsRefused() {
        JavaClasses fixture = new ClassFileImporter().importClasses(ReachesUpToTheFacade.class, FudpLoop.class);
        AssertionError e = assertThrows(AssertionError.class, () -> LoopLayers.LAYERS.check(fixture));
        assertTrue(e.getMessage().contains("ReachesUpToTheFacade"), e.getMessage());
    }

    @Test
    void aSettingReachingUpIntoTheEventsBreaksTheApisLayers() {
        JavaClasses fixture = new ClassFileImporter().importClasses(ReachesIntoEvents.class, PacketIn.class);
        AssertionError e = assertThrows(AssertionError.class, () -> LoopLayers.API.check(fixture));
        assertTrue(e.getMessage().contains("ReachesIntoEvents"), e.getMessage());
    }

    @Test
    void aHostUsingAPartBelowTheFacadeIsRefused() {
        JavaClasses fixture = new ClassFileImporter().importClasses(HostUsingEnforcement.class, FailOpen.class);
        AssertionError e = assertThrows(AssertionError.class, () -> LoopLayers.HOSTS.check(fixture));
        assertTrue(e.getMessage().contains("HostUsingEnforcement"), e.getMessage());
    }
}
