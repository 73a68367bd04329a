// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.osgi;

import org.apache.felix.framework.FrameworkFactory;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.wiring.FrameworkWiring;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

/**
 * A real Apache Felix framework (5.6, as in ONOS 2.7's Karaf 4.2.9) with onos-api 2.7.0, its transitive
 * bundles, Felix SCR and Config Admin installed, as an ONOS container would have them before our
 * app arrives.
 */
final class FelixHarness implements AutoCloseable {

    /** JDK packages that ONOS's Karaf exports from the system bundle and some ONOS bundles import. */
    private static final String SYSTEM_PACKAGES_EXTRA = "sun.misc,sun.nio.ch,sun.reflect";

    /** Karaf 4.2.9's framework config, as it ships in org.apache.karaf.features:base. */
    private static final String KARAF_CONFIG = "resources/etc/config.properties";
    private static final String SYSTEM_CAPABILITIES = "org.osgi.framework.system.capabilities";

    /**
     * The execution environments Karaf 4.2.9 declares on Java 11, the Java ONOS 2.7 runs on: its
     * config.properties sets org.osgi.framework.system.capabilities from ${eecap-<java version>},
     * and eecap-11 is the newest it knows. Felix 5.6 predates Java 11 and declares none of these.
     *
     * @return the eecap-11 capabilities, exactly as Karaf's file has them
     * @throws IOException if the file is not on the class path
     */
    static String karafEeCapabilities() throws IOException {
        Properties karaf = new Properties();
        try (InputStream in = FelixHarness.class.getClassLoader().getResourceAsStream(KARAF_CONFIG)) {
            if (in == null) {
                throw new IOException(KARAF_CONFIG + " not on the class path (org.apache.karaf.features:base)");
            }
            karaf.load(in);
        }
        String ee = karaf.getProperty("eecap-11");
        String system = karaf.getProperty(SYSTEM_CAPABILITIES, "");
        if (ee == null || !system.contains("${eecap-${java.specification.version}}")) {
            throw new IOException(KARAF_CONFIG + " no longer builds the system capabilities from eecap-11");
        }
        return ee;
    }

    private final Framework framework;
    private final Path storage;

    private FelixHarness(Framework framework, Path storage) {
        this.framework = framework;
        this.storage = storage;
    }

    /**
     * Starts a framework and installs every bundle found in the given directories.
     *
     * @param bundleDirs directories of jar files; jars without a Bundle-SymbolicName are skipped
     * @return the running harness
     * @throws Exception if the framework cannot start
     */
    static FelixHarness start(Path... bundleDirs) throws Exception {
        Path storage = Files.createTempDirectory("fudp-felix");
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, SYSTEM_PACKAGES_EXTRA);
        config.put(Constants.FRAMEWORK_SYSTEMCAPABILITIES_EXTRA, karafEeCapabilities());
        Framework framework = new FrameworkFactory().newFramework(config);
        framework.start();
        FelixHarness harness = new FelixHarness(framework, storage);
        for (Path dir : bundleDirs) {
            for (File jar : jarsIn(dir)) {
                if (isBundle(jar)) {
                    harness.install(jar.toPath());
                }
            }
        }
        return harness;
    }

    private static List<File> jarsIn(Path dir) {
        File[] files = dir.toFile().listFiles((d, name) -> name.endsWith(".jar"));
        if (files == null) {
            throw new IllegalStateException("no bundle directory " + dir + "; run the Maven build");
        }
        List<File> jars = new ArrayList<>(Arrays.asList(files));
        jars.sort(Comparator.comparing(File::getName));
        return jars;
    }

    private static boolean isBundle(File jar) throws IOException {
        try (JarFile jf = new JarFile(jar)) {
            return jf.getManifest() != null
                    && jf.getManifest().getMainAttributes().getValue(Constants.BUNDLE_SYMBOLICNAME) != null;
        }
    }

    /**
     * Installs one bundle, or returns the one already installed with the same symbolic name.
     *
     * @param jar bundle file
     * @return the installed bundle
     * @throws BundleException if the framework refuses the bundle
     */
    Bundle install(Path jar) throws BundleException {
        return framework.getBundleContext().installBundle(jar.toUri().toString());
    }

    /**
     * Resolves the given bundles.
     *
     * @param bundles bundles to resolve
     * @return true if all of them resolved
     */
    boolean resolve(List<Bundle> bundles) {
        return framework.adapt(FrameworkWiring.class).resolveBundles(bundles);
    }

    /**
     * Finds an installed bundle by symbolic name.
     *
     * @param symbolicName bundle symbolic name
     * @return the bundle, or null
     */
    Bundle bundle(String symbolicName) {
        return Arrays.stream(framework.getBundleContext().getBundles())
                .filter(b -> symbolicName.equals(b.getSymbolicName()))
                .findFirst().orElse(null);
    }

    /**
     * Lists the installed bundles that failed to resolve.
     *
     * @return symbolic names of unresolved bundles
     */
    List<String> unresolved() {
        return Arrays.stream(framework.getBundleContext().getBundles())
                .filter(b -> b.getState() == Bundle.INSTALLED)
                .map(Bundle::getSymbolicName)
                .collect(Collectors.toList());
    }

    /**
     * Returns the framework's system bundle context for service lookups.
     *
     * @return the framework
     */
    Framework framework() {
        return framework;
    }

    @Override
    public void close() throws Exception {
        framework.stop();
        framework.waitForStop(10_000);
        try (java.util.stream.Stream<Path> walk = Files.walk(storage)) {
            walk.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }
}
