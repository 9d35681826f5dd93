package dev.coroner.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.workspace.Annotation;
import dev.coroner.core.workspace.VerdictOverride;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/VERDICTS.md, "Redaction": a report of transcripts carrying every secret shape of issue 30 — in the evidence
 * text, inside a code block there, in an annotation's note and in an override's reason — leaks none of them, in the
 * JSON or on the page. Every key here is fake.
 */
class ReportRedactionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How the secret is written in the transcript, and a part of it that must appear nowhere in the report. */
    private record Planted(String text, String secret) {
    }

    private static final List<Planted> PLANTED = List.of(
            new Planted("export T=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJGQUtFand0In0.FAKEjwtSig0123", "FAKEjwtSig0123"),
            new Planted("SLACK_APP_TOKEN=xapp-1-A0FAKE0000-0000000000-fakexappTail", "fakexappTail"),
            new Planted("curl -d '{}' https://hooks.slack.com/services/T0FAKE/B0FAKE/FAKEwebhookTail", "FAKEwebhookTail"),
            new Planted("stripe.api_key = 'sk_live_FAKEstripeLive0123'", "FAKEstripeLive0123"),
            new Planted("rk_live_FAKEstripeRestricted01", "FAKEstripeRestricted01"),
            new Planted("//registry.npmjs.org/:_authToken=npm_FAKEnpmTokenabcdefghijklmnopqrstuvwxyz0",
                    "FAKEnpmTokenabcdefghij"),
            new Planted("huggingface-cli login --token hf_FAKEhfTokenabcdefghijklmnopqrstuvwx", "FAKEhfTokenabcdefghij"),
            new Planted("git remote set-url origin x && echo glpat-FAKEglpatToken0123456789", "FAKEglpatToken0123456789"),
            new Planted("SENDGRID=SG.FAKEsgId0123456789ab.FAKEsgSecret0123456789abcdefghijklmnop", "FAKEsgSecret0123"),
            new Planted("DefaultEndpointsProtocol=https;AccountName=a;AccountKey=FAKEazure+key/0123==;EndpointSuffix=x",
                    "FAKEazure+key/0123"),
            new Planted("{\"private_key_id\": \"fake0123456789abcdef0123456789abcdefaaaa\"}",
                    "fake0123456789abcdef0123456789abcdefaaaa"),
            new Planted("{\"private_key\": \"-----BEGIN PRIVATE KEY-----\\nFAKEgcpPrivateKeyBody\\n-----END PRIVATE KEY-----\\n\"}",
                    "FAKEgcpPrivateKeyBody"),
            new Planted("aws_secret_access_key = FAKEawsSecretAccessKeyWithNoDigitsAtAll", "FAKEawsSecretAccessKey"),
            new Planted("curl -H \"Authorization: Bearer FAKEbrr\" https://api.example.com", "FAKEbrr"),
            new Planted("PASSWORD=correcthorsebatterystaple", "correcthorsebatterystaple"),
            new Planted("password=hunter2", "hunter2"),
            new Planted("mysql -u root -pS3cr3tFAKE app", "S3cr3tFAKE"),
            new Planted("sshpass -p FAKEsshpass ssh me@host", "FAKEsshpass"),
            new Planted("token ghp_FAKEzw\u200b0123456789abcdefghijklmnopqrstu", "0123456789abcdefghijklmnopqrstu"),
            new Planted("raw: \\u0067hp_FAKEesc0123456789abcdefghijklmnopqrstu", "FAKEesc0123456789abcdefghijklmnopq"),
            new Planted("{\"password\": \"Tr0ub4dor&3\"}", "&3"),
            new Planted("GH_TOKEN=ghu_FAKEghuToken0123456789abcdefghijklmnop", "FAKEghuToken0123456789"),
            new Planted("ghr_FAKEghrToken0123456789abcdefghijklmnop", "FAKEghrToken0123456789"),
            new Planted("ANTHROPIC_API_KEY=sk-ant-api03-FAKEanthropic0123456789", "FAKEanthropic0123456789"),
            new Planted("OPENAI_API_KEY=sk-proj-FAKEopenai0123456789abcdef", "FAKEopenai0123456789"),
            new Planted("AKIAFAKEAWSKEYID0123", "AKIAFAKEAWSKEYID0123"),
            new Planted("key=AIzaFAKEgoogle0000000000000000000000000", "AIzaFAKEgoogle"),
            new Planted("xoxb-0000000000-FAKEslackBot", "FAKEslackBot"),
            new Planted("git clone https://me:FAKEurlPassword@example.com/r.git", "FAKEurlPassword"),
            new Planted("-----BEGIN RSA PRIVATE KEY-----\nFAKErsaKeyBody\n-----END RSA PRIVATE KEY-----", "FAKErsaKeyBody"),
            new Planted("docker login --password FAKEdockerPw --username me", "FAKEdockerPw"));

    @TempDir
    Path dir;

    /** A transcript whose last answer shows {@code text} in prose and again in a code block. */
    private static String transcript(String text) throws Exception {
        String answer = "Ran this: " + text + "\n```bash\n" + text + "\n```\n";
        return JSON.writeValueAsString(Map.of("type", "user", "message", Map.of("role", "user", "content", "go")))
                + "\n" + JSON.writeValueAsString(Map.of("type", "assistant", "message", Map.of("role", "assistant",
                "content", List.of(Map.of("type", "text", "text", answer))))) + "\n";
    }

    @Test
    void noPlantedSecretReachesTheJsonOrThePage() throws Exception {
        List<Path> files = new ArrayList<>();
        List<Annotation> notes = new ArrayList<>();
        for (int i = 0; i < PLANTED.size(); i++) {
            String text = PLANTED.get(i).text();
            Path t = dir.resolve(String.format("t%02d.jsonl", i));
            Files.writeString(t, transcript(text), StandardCharsets.UTF_8);
            files.add(t);
            String key = t.toAbsolutePath().normalize().toString();
            notes.add(new Annotation(key, null, 2, "noted: " + text, null));
            notes.add(new Annotation(key, null, 0, "", new VerdictOverride(VerdictOverride.TERMINAL, "HEALTHY", "DEAD",
                    "because " + text)));
        }
        // a path can hold a secret too
        Path named = dir.resolve("glpat-FAKEpathToken0123456789.jsonl");
        Files.writeString(named, transcript("nothing secret"), StandardCharsets.UTF_8);
        files.add(named);
        Report r = ReportBuilder.build(files, AnalysisSettings.NONE, null, "test", Redactor.standard(List.of()), 1, notes);
        String json = new String(ReportJson.bytes(r), StandardCharsets.UTF_8);
        String html = new String(ReportHtml.bytes(r), StandardCharsets.UTF_8);

        // the texts did reach the report: evidence, code block, note and reason, one per transcript
        assertEquals(PLANTED.size() + 1, count(json, "Ran this: "), json);
        assertEquals(PLANTED.size() + 1, count(json, "```bash"), json);
        assertEquals(PLANTED.size(), count(json, "noted: "), json);
        assertEquals(PLANTED.size(), count(json, "because "), json);
        assertTrue(html.contains("noted: ") && html.contains("Ran this: "), html);
        for (Planted p : PLANTED) {
            assertFalse(json.contains(p.secret()), () -> "the JSON shows " + p.secret() + " of " + p.text());
            assertFalse(html.contains(p.secret()) || html.contains(ReportHtml.esc(p.secret())),
                    () -> "the page shows " + p.secret() + " of " + p.text());
        }
        assertFalse(json.contains("FAKEpathToken") || html.contains("FAKEpathToken"), "the path's token");
        assertTrue(r.redaction().total() >= 4L * PLANTED.size(), r.redaction().toString());
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }
}
