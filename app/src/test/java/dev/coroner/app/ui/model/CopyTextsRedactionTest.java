package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.findings.Finding;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.Severity;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/VERDICTS.md, "Redaction": a finding copied to be shared (Copy finding, Copy finding as Markdown) hides the
 * secrets a report would; the copies for the person's own tools (a path, {@code file:line}) stay exact. Keys are fake.
 */
class CopyTextsRedactionTest {
    private static final Path PATH = Path.of("/runs/glpat-FAKEpathToken0123456789/s.jsonl");
    private static final FindingItem ITEM = new FindingItem(PATH, new Finding(FindingKind.WARN, Severity.WARN, 12, 0, 0,
            "Bash ran unread: mysql -pS3cr3tFAKE app", "PASSWORD=correcthorsebatterystaple curl -H \"Authorization: "
            + "Bearer FAKEbrr\" https://hooks.slack.com/services/T0/B0/FAKEwebhookTail"));

    @Test
    void aFindingCopiedToBeSharedHidesItsSecrets() {
        for (String copied : new String[] {CopyTexts.finding(ITEM), CopyTexts.findingMarkdown(ITEM)}) {
            for (String secret : new String[] {"S3cr3tFAKE", "correcthorsebatterystaple", "FAKEbrr", "FAKEwebhookTail",
                    "FAKEpathToken"}) {
                assertFalse(copied.contains(secret), secret + " in " + copied);
            }
            assertTrue(copied.contains("REDACTED") && copied.contains("password"), copied);
        }
        assertTrue(CopyTexts.finding(ITEM).contains("Bash ran unread: mysql -p[REDACTED:password-option] app"),
                CopyTexts.finding(ITEM));
    }

    @Test
    void aPathOrFileLineIsCopiedExactlyToBeOpened() {
        assertEquals(PATH + ":12", CopyTexts.fileLine(PATH, 12));
    }
}
