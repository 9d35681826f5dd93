package dev.coroner.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** docs/ARCHITECTURE.md, "Modules": core is pure Java; it never sees JavaFX (nor the app that sits on it). */
class LayeringTest {
    private final JavaClasses core = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.coroner.core");

    @Test
    void coreNeverSeesJavaFx() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..", "org.fxmisc..")
                .check(core);
    }

    @Test
    void coreNeverSeesTheApp() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("dev.coroner.app..").check(core);
    }
}
