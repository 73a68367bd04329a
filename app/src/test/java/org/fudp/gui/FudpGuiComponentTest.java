// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.fudp.api.FudpService;
import org.junit.jupiter.api.Test;
import org.onosproject.ui.UiExtension;
import org.onosproject.ui.UiExtensionService;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.UiTopoHighlighterFactory;
import org.onosproject.ui.UiTopoOverlay;
import org.onosproject.ui.UiView;
import org.onosproject.ui.lion.LionBundle;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks that the GUI extension finds its files where ONOS's legacy GUI loads them, and that the
 * component registers and unregisters it.
 */
class FudpGuiComponentTest {

    private static final Pattern REFERENCE = Pattern.compile("(?:href|src)=\"([^\"]+)\"");

    private static String read(InputStream in) throws IOException {
        assertNotNull(in, "resource missing");
        try (InputStream s = in) {
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyFileTheGuiLoadsIsInTheBundle() throws IOException {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        try {
            UiExtension ext = FudpGuiComponent.buildExtension(GuiScenario.service(), executor, false);
            // The GUI pastes css.html and js.html into its index page; each file they name must
            // resolve on the bundle's class path, as UiExtensionManager serves it from there.
            List<String> referenced = new ArrayList<>();
            for (String html : List.of(read(ext.css()), read(ext.js()))) {
                Matcher m = REFERENCE.matcher(html);
                while (m.find()) {
                    referenced.add(m.group(1));
                }
            }
            assertTrue(referenced.size() >= 5, referenced.toString());
            // The GUI serves app/view/{view}/{resource} through the extension owning {view}, so
            // each file must sit directly in the folder of one of this extension's views.
            Set<String> viewIds = ext.views().stream().map(UiView::id).collect(Collectors.toSet());
            for (String path : referenced) {
                String[] parts = path.split("/");
                assertEquals(4, parts.length, path + " is not app/view/{view}/{resource}");
                assertEquals("app/view", parts[0] + "/" + parts[1], path);
                assertTrue(viewIds.contains(parts[2]), path + " names no view of this extension");
                assertNotNull(ext.resource(parts[2], parts[3]),
                        path + " is named in css.html/js.html but not packaged");
            }
            // The router loads app/view/<id>/<id>.html for each view.
            for (UiView v : ext.views()) {
                assertNotNull(ext.resource(v.id(), v.id() + ".html"), v.id() + ".html");
            }
            assertEquals(List.of("fudp", "fudpTopov"),
                    ext.views().stream().map(UiView::id).collect(Collectors.toList()));
            UiView view = ext.views().get(0);
            assertEquals(UiView.Category.NETWORK, view.category());
            assertEquals("FUDP", view.label());
            assertEquals(UiView.Category.HIDDEN, ext.views().get(1).category());

            Set<String> events = new TreeSet<>();
            for (UiMessageHandler h : ext.messageHandlerFactory().newHandlers()) {
                h.init(new GuiRecorder(), GuiRecorder.directory(
                        Map.of(FudpService.class, GuiScenario.service())));
                events.addAll(h.messageTypes());
                h.destroy();
            }
            assertEquals(Set.of("fudpCfsDataRequest", "fudpCfsDetailsRequest", "fudpTopoStart", "fudpTopoStop"),
                    events);
            List<String> overlays = ext.topoOverlayFactory().newOverlays().stream()
                    .map(UiTopoOverlay::id).collect(Collectors.toList());
            assertEquals(List.of(FudpTopoOverlay.OVERLAY_ID), overlays);
        } finally {
            executor.shutdownNow();
        }
    }

    private static FudpGuiComponent component(RecordingExtensions ui, boolean gui2) {
        FudpGuiComponent c = new FudpGuiComponent();
        c.uiExtensionService = ui;
        c.fudpService = GuiScenario.service();
        c.coreService = new Gui2Services.Core();
        c.applicationService = new Gui2Services.Apps(gui2);
        return c;
    }

    // The entries GUI2's menu shows (web/gui2-fw-lib nav.service.ts, ONOS 2.7.0): every view of
    // category PLATFORM, NETWORK or OTHER that /onos/ui/rs/nav/uiextensions lists.
    private static List<String> menuEntries(UiExtensionService ui) {
        return ui.getExtensions().stream().flatMap(e -> e.views().stream())
                .filter(v -> v.category() != UiView.Category.HIDDEN)
                .map(UiView::id).collect(Collectors.toList());
    }

    @Test
    void theLegacyGuiGetsTheMenuEntryGui2DoesNot() {
        RecordingExtensions legacy = new RecordingExtensions();
        FudpGuiComponent c = component(legacy, false);
        c.activate();
        assertEquals(List.of(FudpGuiComponent.VIEW_ID), menuEntries(legacy));
        c.deactivate();

        // GUI2 links an entry to #/<id> and has no route for FUDP's view: the entry would do nothing.
        RecordingExtensions gui2 = new RecordingExtensions();
        c = component(gui2, true);
        c.activate();
        assertEquals(List.of(), menuEntries(gui2));
        // The highlights GUI2's topology draws still come from the extension's handlers and overlay.
        UiExtension ext = gui2.extensions.get(0);
        assertEquals(2, ext.messageHandlerFactory().newHandlers().size());
        assertEquals(1, ext.topoOverlayFactory().newOverlays().size());
        assertEquals(1, gui2.highlighters.size());
        c.deactivate();
        assertTrue(gui2.extensions.isEmpty());
    }

    @Test
    void activationRegistersTheViewOverlayAndHighlighterAndDeactivationRemovesThem() {
        RecordingExtensions ui = new RecordingExtensions();
        FudpGuiComponent c = component(ui, false);
        c.activate();
        assertEquals(1, ui.extensions.size());
        assertEquals(1, ui.highlighters.size());
        assertEquals(FudpHighlighter.NAME, ui.highlighters.get(0).newTopoHighlighter().name());
        assertEquals(4, ui.highlighters.get(0).newTopoHighlighter().createHighlights().links().size());
        c.deactivate();
        assertTrue(ui.extensions.isEmpty());
        assertTrue(ui.highlighters.isEmpty());
    }

    /** Keeps what the component registers. */
    private static final class RecordingExtensions implements UiExtensionService {
        final List<UiExtension> extensions = new ArrayList<>();
        final List<UiTopoHighlighterFactory> highlighters = new ArrayList<>();

        @Override
        public void register(UiExtension extension) {
            extensions.add(extension);
        }

        @Override
        public void unregister(UiExtension extension) {
            extensions.remove(extension);
        }

        @Override
        public void register(UiTopoHighlighterFactory factory) {
            highlighters.add(factory);
        }

        @Override
        public void unregister(UiTopoHighlighterFactory factory) {
            highlighters.remove(factory);
        }

        @Override
        public List<UiExtension> getExtensions() {
            return extensions;
        }

        @Override
        public UiExtension getViewExtension(String viewId) {
            return null;
        }

        @Override
        public void refreshModel() {
            // Not used.
        }

        @Override
        public LionBundle getNavLionBundle() {
            return null;
        }
    }
}
