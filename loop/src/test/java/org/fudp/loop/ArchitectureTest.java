package org.fudp.loop;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loop is hosted, never a host: it imports no ONOS and touches no clock, process, file,
 * socket or thread, so the ONOS app and the lab run the very same code and tests can drive it
 * event by event.
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.fudp.loop");

    @Test
    void importedTheLoop() {
        // Guards the rules below against passing vacuously on an empty import.
        assertTrue(MAIN.contain(FudpLoop.class));
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
}
