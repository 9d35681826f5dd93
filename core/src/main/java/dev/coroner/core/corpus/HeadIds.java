package dev.coroner.core.corpus;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.coroner.core.read.TranscriptJson;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The {@code sessionId} and {@code agentId} a transcript's first records carry, read from its head only: cheap
 * enough for thousands of files. A hint for grouping, not a verdict: lines that do not parse are passed over (the
 * full reader reports them as problems in the timeline).
 */
final class HeadIds {
    /** How much of the file's head is read. */
    static final int HEAD_BYTES = 64 * 1024;

    private HeadIds() {
    }

    /** {@code [sessionId, agentId]}, each the first string value found, or null. */
    static String[] of(Path p) {
        String[] ids = {null, null};
        byte[] head;
        try (dev.coroner.core.read.TranscriptSource ch = dev.coroner.core.read.TranscriptFile.open(p)) {
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(HEAD_BYTES, ch.size()));
            dev.coroner.core.read.TranscriptFile.readAt(ch, buf, 0);
            head = buf.array();
        } catch (IOException | RuntimeException | dev.coroner.core.read.UnreadableTranscriptException e) {
            return ids; // the survey's verdict says why the file cannot be read
        }
        int start = 0;
        for (int i = 0; i < head.length && (ids[0] == null || ids[1] == null); i++) {
            if (head[i] == '\n') {
                scan(head, start, i, ids);
                start = i + 1;
            }
        }
        return ids;
    }

    private static void scan(byte[] b, int from, int to, String[] ids) {
        try (JsonParser p = TranscriptJson.parser(b, from, to - from)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken v = p.nextToken();
                if (v == JsonToken.VALUE_STRING && "sessionId".equals(key) && ids[0] == null) {
                    ids[0] = p.getText();
                } else if (v == JsonToken.VALUE_STRING && "agentId".equals(key) && ids[1] == null) {
                    ids[1] = p.getText();
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            // not a record: the timeline shows it as a problem line; here it says nothing about the layout
        }
    }
}
