package org.fudp.osgi;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collection;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Installs the app bundle into Apache Felix beside onos-api 2.7.0 and its transitive bundles,
 * then checks what ONOS would check on "onos-app install!": that the bundle resolves, that it
 * wires ONOS packages to the ONOS bundles, and that Felix SCR sees our DS components waiting
 * on exactly the ONOS services we expect.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AppBundleInFelixTest {

    private static final String APP_BSN = "org.fudp.app";
    private static final String ONOS_API_BSN = "org.onosproject.onos-api";
    private static final int UNSATISFIED_REFERENCE = 2;

    /**
     * What each DS component of the bundle must reference. A new reference is a new runtime
     * dependency on ONOS, so it has to be added here on purpose.
     */
    private static final Map<String, Set<String>> EXPECTED_REFERENCES = Map.of(
            "org.fudp.impl.FudpManager", Set.of(
                    "org.onosproject.core.CoreService"));

    private final Path bundlesDir = Paths.get(System.getProperty("fudp.bundles.dir", "target/bundles"));
    private final Path appBundle = Paths.get(System.getProperty("fudp.app.bundle", "missing"));
    private FelixHarness felix;
    private Bundle app;

    @BeforeAll
    void startFramework() throws Exception {
        assertTrue(Files.isRegularFile(appBundle), "app bundle not built: " + appBundle);
        felix = FelixHarness.start(bundlesDir.resolve("onos"), bundlesDir.resolve("framework"));
        app = felix.install(appBundle);
        felix.bundle("org.apache.felix.scr").start();
    }

    @AfterAll
    void stopFramework() throws Exception {
        if (felix != null) {
            felix.close();
        }
    }

    @Test
    void appBundleResolvesAgainstOnos() throws BundleException {
        assertEquals(APP_BSN, app.getSymbolicName());
        assertTrue(felix.resolve(List.of(app)), "app bundle did not resolve; unresolved: " + felix.unresolved());
        app.start();
        assertEquals(Bundle.ACTIVE, app.getState());
    }

    @Test
    void onosPackagesWireToOnosBundles() throws BundleException {
        app.start();
        BundleWiring wiring = app.adapt(BundleWiring.class);
        Map<String, String> providers = new TreeMap<>();
        for (BundleWire wire : wiring.getRequiredWires("osgi.wiring.package")) {
            String pkg = (String) wire.getCapability().getAttributes().get("osgi.wiring.package");
            providers.put(pkg, wire.getProvider().getBundle().getSymbolicName());
        }
        assertEquals(ONOS_API_BSN, providers.get("org.onosproject.core"), "wiring: " + providers);
        providers.forEach((pkg, provider) -> {
            if (pkg.startsWith("org.onosproject.")) {
                assertEquals(ONOS_API_BSN, provider, pkg + " wired to " + provider);
            }
        });
    }

    @Test
    void componentsReferenceTheOnosServicesWeExpect() throws Exception {
        app.start();
        Object scr = scrService();
        Collection<?> descriptions = (Collection<?>) scr.getClass()
                .getMethod("getComponentDescriptionDTOs", Bundle[].class)
                .invoke(scr, (Object) new Bundle[]{app});

        Map<String, Set<String>> actual = new TreeMap<>();
        for (Object description : descriptions) {
            String name = (String) field(description, "name");
            Set<String> interfaces = new TreeSet<>();
            Object references = field(description, "references");
            for (int i = 0; i < Array.getLength(references); i++) {
                String iface = (String) field(Array.get(references, i), "interfaceName");
                interfaces.add(iface);
                // The bundle must see the very class ONOS registers the service under.
                Class<?> seen = app.loadClass(iface);
                assertNotNull(seen);
            }
            actual.put(name, interfaces);
            assertWaitingOnlyForReferences(scr, description, name);
        }
        assertEquals(new TreeMap<>(EXPECTED_REFERENCES), actual);
    }

    /**
     * With no ONOS services registered, every component must be held back by its references and
     * nothing else: a broken descriptor or activate signature would show as another state.
     */
    private void assertWaitingOnlyForReferences(Object scr, Object description, String name) throws Exception {
        Collection<?> configurations = (Collection<?>) scr.getClass()
                .getMethod("getComponentConfigurationDTOs", description.getClass())
                .invoke(scr, description);
        assertFalse(configurations.isEmpty(), name + " has no configuration in SCR");
        for (Object configuration : configurations) {
            assertEquals(UNSATISFIED_REFERENCE, field(configuration, "state"), name + " state");
            Object unsatisfied = field(configuration, "unsatisfiedReferences");
            assertTrue(Array.getLength(unsatisfied) > 0, name + " reports no unsatisfied reference");
        }
    }

    @Test
    void negativeControlBogusImportDoesNotResolve() throws Exception {
        Path bogus = withExtraImport(appBundle, "org.fudp.bogus.doesnotexist");
        Bundle broken = felix.install(bogus);
        assertFalse(felix.resolve(List.of(broken)), "a bundle importing a missing package resolved");
        assertEquals(Bundle.INSTALLED, broken.getState());
        BundleException e = assertThrows(BundleException.class, broken::start);
        assertTrue(e.getMessage().contains("org.fudp.bogus.doesnotexist"), e.getMessage());
        broken.uninstall();
    }

    private Object scrService() throws InvalidSyntaxException {
        // getAllServiceReferences: the test's class loader does not share SCR's DTO classes,
        // so the assignability filter of getServiceReference would hide the service.
        ServiceReference<?>[] refs = felix.framework().getBundleContext().getAllServiceReferences(
                "org.osgi.service.component.runtime.ServiceComponentRuntime", null);
        assertNotNull(refs, "Felix SCR did not register ServiceComponentRuntime");
        return felix.framework().getBundleContext().getService(refs[0]);
    }

    private static Object field(Object dto, String name) throws ReflectiveOperationException {
        return dto.getClass().getField(name).get(dto);
    }

    /** Copies a bundle under another symbolic name, with one more Import-Package entry. */
    private static Path withExtraImport(Path bundle, String pkg) throws IOException {
        Path out = Files.createTempFile("fudp-bogus", ".jar");
        try (JarFile in = new JarFile(bundle.toFile())) {
            Manifest manifest = new Manifest(in.getManifest());
            Attributes main = manifest.getMainAttributes();
            main.putValue("Bundle-SymbolicName", APP_BSN + ".bogus");
            main.putValue("Import-Package", main.getValue("Import-Package") + "," + pkg);
            try (OutputStream os = Files.newOutputStream(out);
                 JarOutputStream jar = new JarOutputStream(os, manifest)) {
                Enumeration<JarEntry> entries = in.entries();
                while (entries.hasMoreElements()) {
                    JarEntry entry = entries.nextElement();
                    if (entry.getName().equals(JarFile.MANIFEST_NAME) || entry.isDirectory()) {
                        continue;
                    }
                    jar.putNextEntry(new JarEntry(entry.getName()));
                    try (InputStream is = in.getInputStream(entry)) {
                        is.transferTo(jar);
                    }
                    jar.closeEntry();
                }
            }
        }
        return out;
    }
}
