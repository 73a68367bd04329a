// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The loop's packages and the arrows allowed between them, from the facade down to the values hosts
 * see. Each part of the paper may use what is below it and nothing beside it that it does not need:
 * enforcement (UFC) reads the flow table, never collection's internals; collection (FIC) knows no set
 * and no enforcer; the flow table and the API know nothing above them.
 */
public final class LoopLayers {

    /**
     * Hosts (the ONOS app, the lab, the benchmarks) drive the facade and exchange the API's values; the
     * parts below are the loop's own business. The hosts' tests check their classes against it (this
     * module's test-jar carries it).
     */
    public static final ArchRule HOSTS = noClasses().that().resideOutsideOfPackage("org.fudp.loop..")
            .should().dependOnClassesThat().resideInAnyPackage("org.fudp.loop.flow..", "org.fudp.loop.collect..",
                    "org.fudp.loop.enforce..", "org.fudp.loop.sets..", "org.fudp.loop.view..",
                    "org.fudp.loop.handover..")
            .because("hosts use FudpLoop and org.fudp.loop.api only (sFlow decoding in org.fudp.loop.sampling)");

    static final ArchRule LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("Facade").definedBy("org.fudp.loop")
            .layer("Handover").definedBy("org.fudp.loop.handover..")
            .layer("View").definedBy("org.fudp.loop.view..")
            .layer("Sets").definedBy("org.fudp.loop.sets..")
            .layer("Enforce").definedBy("org.fudp.loop.enforce..")
            .layer("Collect").definedBy("org.fudp.loop.collect..")
            .layer("Flow").definedBy("org.fudp.loop.flow..")
            .layer("Sampling").definedBy("org.fudp.loop.sampling..")
            .layer("Api").definedBy("org.fudp.loop.api..")
            .whereLayer("Facade").mayNotBeAccessedByAnyLayer()
            .whereLayer("Handover").mayOnlyBeAccessedByLayers("Facade")
            .whereLayer("View").mayOnlyBeAccessedByLayers("Handover", "Facade")
            .whereLayer("Sets").mayOnlyBeAccessedByLayers("View", "Handover", "Facade")
            .whereLayer("Enforce").mayOnlyBeAccessedByLayers("Sets", "View", "Handover", "Facade")
            .whereLayer("Collect").mayOnlyBeAccessedByLayers("View", "Handover", "Facade")
            .whereLayer("Flow").mayOnlyBeAccessedByLayers("Collect", "Enforce", "Sets", "View", "Handover", "Facade")
            .whereLayer("Sampling").mayOnlyBeAccessedByLayers("Collect", "Facade")
            .whereLayer("Flow").mayOnlyAccessLayers("Api")
            .whereLayer("Api").mayNotAccessAnyLayer()
            .whereLayer("Sampling").mayNotAccessAnyLayer();

    /** The API's packages, one per kind of value, each using only those below it (docs/architecture.md). */
    static final ArchRule API = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("Checkpoints").definedBy("org.fudp.loop.api.checkpoints..")
            .layer("Events").definedBy("org.fudp.loop.api.events..")
            .layer("Commands").definedBy("org.fudp.loop.api.commands..")
            .layer("Facilities").definedBy("org.fudp.loop.api.facilities..")
            .layer("Records").definedBy("org.fudp.loop.api.records..")
            .layer("Settings").definedBy("org.fudp.loop.api.settings..")
            .layer("Network").definedBy("org.fudp.loop.api.network..")
            .whereLayer("Network").mayNotAccessAnyLayer()
            .whereLayer("Settings").mayOnlyAccessLayers("Network")
            .whereLayer("Records").mayOnlyAccessLayers("Network")
            .whereLayer("Facilities").mayOnlyAccessLayers("Settings", "Network")
            .whereLayer("Commands").mayOnlyAccessLayers("Records", "Facilities", "Settings", "Network")
            .whereLayer("Events").mayOnlyAccessLayers("Commands", "Settings", "Network")
            .whereLayer("Checkpoints").mayOnlyAccessLayers("Settings", "Network");

    static final ArchRule NO_CYCLES = slices().matching("org.fudp.loop.(*)..").should().beFreeOfCycles();

    private LoopLayers() {
    }
}
