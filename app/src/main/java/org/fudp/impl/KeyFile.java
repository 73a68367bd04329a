package org.fudp.impl;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/**
 * The adjustors' key file as the host reads it: its text, and what is wrong with it until a good file is
 * read. A file that is missing is awaited: an operator who installs the app before copying the key file
 * expects it to be picked up.
 */
final class KeyFile {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private volatile String problem;
    private volatile Path awaited;
    private volatile Path path;

    /**
     * Reads the file.
     *
     * @param keyFile its path; a relative one is taken from ONOS's working directory, as ONOS takes its own
     *                {@code ../config/*.json}
     * @return its text, null if it cannot be read (it is then awaited, and the problem says so)
     */
    String read(String keyFile) {
        path = Paths.get(keyFile).toAbsolutePath().normalize();
        awaited = null;
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            awaited = path;
            problem = "no key file at " + path + " (" + e.getClass().getSimpleName()
                    + "): control frames can be neither sent nor verified";
            log.warn(problem);
            return null;
        }
    }

    /**
     * Notes that the loop took the keys read.
     *
     * @param text the text read, null if there was none (the problem stays)
     */
    void taken(String text) {
        if (text != null) {
            problem = null;
        }
    }

    /**
     * Notes that the loop refused the keys read: the keys in force stay.
     *
     * @param why the loop's reason
     */
    void unusable(String why) {
        problem = "key file " + path + " is unusable: " + why + "; the keys in force stay";
        log.error(problem);
    }

    Optional<Path> awaited() {
        return Optional.ofNullable(awaited);
    }

    Optional<String> problem() {
        return Optional.ofNullable(problem);
    }
}
