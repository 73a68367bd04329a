// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.google.common.collect.ImmutableMap;
import org.onlab.util.ItemNotFoundException;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Map;

/**
 * The FUDP page at {@code /onos/fudp/ui/}: the CFS table, flows, allocations, agents, warnings
 * and chart for users of ONOS's GUI2, which cannot show the FUDP view. Not part of the REST API.
 * <p>
 * The page's files sit in this bundle next to the legacy view's ({@code app/view/fudp/}); two of
 * them, {@code fudpChart.js} and {@code fudp.css}, are the view's own. Only the files named in
 * {@link #FILES} are served, so no request can reach another resource of the bundle. Like every
 * path of this web context, they need ONOS's BASIC authentication and the viewer role.
 * </p>
 */
@Path("ui")
public class PageWebResource {

    /** Class path folder of the page's files. */
    static final String FOLDER = "app/view/fudp/";

    /** The page itself, served for {@code ui/}. */
    static final String INDEX = "fudpPage.html";

    private static final String HTML = "text/html; charset=UTF-8";
    private static final String JS = "application/javascript; charset=UTF-8";
    private static final String CSS = "text/css; charset=UTF-8";

    /** Every file served, with its content type. */
    static final Map<String, String> FILES = ImmutableMap.of(
            INDEX, HTML,
            "fudpPage.js", JS,
            "fudpPage.css", CSS,
            "fudpChart.js", JS,
            "fudp.css", CSS);

    @Context
    private UriInfo uriInfo;

    /**
     * Hands {@code ui}, {@code ui/} and {@code ui/<file>} to the page's files. A sub-resource
     * locator rather than {@code @GET} methods: ONOS's swagger generator lists the {@code @GET}
     * methods of {@code @Path} classes as REST operations, and the page is not one.
     *
     * @param file file name, empty for the page
     * @return the resource that answers the GET
     */
    @Path("{file: .*}")
    public PageFile file(@PathParam("file") String file) {
        return new PageFile(file, uriInfo);
    }

    /**
     * Hands {@code ui} to the page.
     *
     * @return the resource that answers the GET
     */
    @Path("/")
    public PageFile index() {
        return new PageFile("", uriInfo);
    }

    /** One of the page's files. */
    public static final class PageFile {
        private final String name;
        private final UriInfo uriInfo;

        private PageFile(String name, UriInfo uriInfo) {
            this.name = name;
            this.uriInfo = uriInfo;
        }

        /**
         * Answers with the file, or redirects {@code ui} to {@code ui/} so that the page's
         * relative links resolve under {@code ui/}.
         *
         * @return 200 with the file; 303 to {@code ui/}; 404 for any other name
         */
        @GET
        public Response get() {
            if (name.isEmpty() && !uriInfo.getPath().endsWith("/")) {
                return Response.seeOther(URI.create(uriInfo.getAbsolutePath() + "/")).build();
            }
            String file = name.isEmpty() ? INDEX : name;
            String type = FILES.get(file);
            InputStream in = type == null ? null
                    : PageWebResource.class.getClassLoader().getResourceAsStream(FOLDER + file);
            if (in == null) {
                throw new ItemNotFoundException("the FUDP page has no file " + name);
            }
            try (InputStream s = in) {
                // no-cache: after the app is upgraded, browsers must not run an old page's script.
                return Response.ok(s.readAllBytes(), type).header("Cache-Control", "no-cache")
                        .header("X-Content-Type-Options", "nosniff").build();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
