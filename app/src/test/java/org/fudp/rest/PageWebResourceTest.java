// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.glassfish.jersey.client.ClientProperties;
import org.junit.jupiter.api.Test;
import org.onlab.util.ItemNotFoundException;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /ui/ and /ui/{file}: the FUDP page and its files, and nothing else of the bundle.
 */
class PageWebResourceTest extends ResourceTestBase {

    private static final Pattern REFERENCE = Pattern.compile("(?:href|src)=\"([^\"]+)\"");

    private Response fetch(String path) {
        return target(path).property(ClientProperties.FOLLOW_REDIRECTS, false).request().get();
    }

    private static byte[] packaged(String file) throws IOException {
        try (InputStream in = PageWebResource.class.getClassLoader()
                .getResourceAsStream(PageWebResource.FOLDER + file)) {
            assertNotNull(in, file + " is not on the class path");
            return in.readAllBytes();
        }
    }

    @Test
    void servesThePageAndEveryFileItNames() throws IOException {
        Response page = fetch("ui/");
        assertEquals(200, page.getStatus());
        assertTrue(page.getMediaType().isCompatible(MediaType.TEXT_HTML_TYPE), page.getMediaType().toString());
        assertEquals("utf-8", page.getMediaType().getParameters().get("charset").toLowerCase(Locale.ROOT));
        assertEquals("no-cache", page.getHeaderString("Cache-Control"));
        String html = page.readEntity(String.class);
        assertTrue(html.contains("<title>FUDP"), html);

        // Local files the page names (the ONOS GUI link and the inline icon are not files).
        Set<String> named = new TreeSet<>();
        Matcher m = REFERENCE.matcher(html);
        while (m.find()) {
            if (!m.group(1).contains(":") && !m.group(1).startsWith("/")) {
                named.add(m.group(1));
            }
        }
        Set<String> served = new TreeSet<>(PageWebResource.FILES.keySet());
        served.remove(PageWebResource.INDEX);
        assertEquals(served, named, "the page names exactly the files that are served");
        for (String file : named) {
            Response r = fetch("ui/" + file);
            assertEquals(200, r.getStatus(), file);
            String type = file.endsWith(".js") ? "application/javascript" : "text/css";
            assertEquals(type, r.getMediaType().getType() + "/" + r.getMediaType().getSubtype(), file);
            assertEquals("nosniff", r.getHeaderString("X-Content-Type-Options"), file);
            assertArrayEquals(packaged(file), r.readEntity(byte[].class), file);
        }
    }

    @Test
    void withoutTheSlashItRedirectsSoThatRelativeLinksResolveUnderUi() {
        Response r = fetch("ui");
        assertEquals(303, r.getStatus());
        assertTrue(r.getLocation().toString().endsWith("/ui/"), r.getLocation().toString());
    }

    @Test
    void nothingElseOfTheBundleIsServed() {
        // fudp.html is the legacy view's template and sits in the same folder; web.xml and the
        // class files are elsewhere in the bundle.
        for (String path : new String[]{"ui/nope.js", "ui/fudp.html", "ui/fudp.js", "ui/sub/fudpPage.js",
                "ui/FudpPage.js", "ui/%2e%2e"}) {
            Reply r = new Reply(fetch(path));
            assertEquals(404, r.status, path + ": " + r.text);
            assertEquals(404, r.body.get("code").asInt(), path);
        }
        // Jetty refuses encoded slashes itself (400, before Jersey); ONOS's Jetty may not, so the
        // resource must refuse such a name on its own.
        assertEquals(400, fetch("ui/..%2F..%2FWEB-INF%2Fweb.xml").getStatus());
        for (String name : new String[]{"../../WEB-INF/web.xml", "../fudpTopov/fudpTopov.js", "/fudpPage.js"}) {
            assertThrows(ItemNotFoundException.class, () -> new PageWebResource().file(name).get(), name);
        }
    }
}
