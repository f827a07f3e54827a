# What `cmake --install` and the .deb carry: the binary, the tidy plugin, the
# rule tables, runtime/hipcpu as a CMake package, docs, man page, completions.
include(GNUInstallDirs)

# Generated from the binary's own option tables, so they never drift from it.
set(cli_docs ${CMAKE_BINARY_DIR}/share)
add_custom_command(
  OUTPUT ${cli_docs}/hipport.1 ${cli_docs}/hipport.bash ${cli_docs}/_hipport
  COMMAND ${CMAKE_COMMAND} -E make_directory ${cli_docs}
  COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/gen-cli-docs.py $<TARGET_FILE:hipport>
    --version ${PROJECT_VERSION} --man ${cli_docs}/hipport.1
    --bash ${cli_docs}/hipport.bash --zsh ${cli_docs}/_hipport
  DEPENDS hipport ${CMAKE_SOURCE_DIR}/scripts/gen-cli-docs.py
  COMMENT "Man page and shell completion from hipport's option tables")
add_custom_target(hipport-cli-docs ALL DEPENDS ${cli_docs}/hipport.1)

install(TARGETS hipport RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET hipport-tidy)
  install(TARGETS hipport-tidy LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()
install(DIRECTORY ${CMAKE_SOURCE_DIR}/rules/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/hipport/rules)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${CMAKE_SOURCE_DIR}/LICENSE ${CMAKE_SOURCE_DIR}/README.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${cli_docs}/hipport.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${cli_docs}/hipport.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME hipport)
install(FILES ${cli_docs}/_hipport
  DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

if(TARGET hipcpu)
  # validate compiles drivers against these headers: rules/../runtime/hipcpu.
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/runtime/hipcpu/include/
    DESTINATION ${CMAKE_INSTALL_DATADIR}/hipport/runtime/hipcpu/include)
  install(TARGETS hipcpu EXPORT hipcpuTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_DATADIR}/hipport/runtime/hipcpu/include)
  install(EXPORT hipcpuTargets NAMESPACE hipcpu::
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hipcpu)
  include(CMakePackageConfigHelpers)
  configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/hipcpuConfig.cmake.in
    ${CMAKE_BINARY_DIR}/hipcpuConfig.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hipcpu)
  write_basic_package_version_file(${CMAKE_BINARY_DIR}/hipcpuConfigVersion.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
  install(FILES ${CMAKE_BINARY_DIR}/hipcpuConfig.cmake
    ${CMAKE_BINARY_DIR}/hipcpuConfigVersion.cmake
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hipcpu)
endif()

# A .deb for Debian 12 next to Debian's LLVM 22 packages.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hipport)
set(CPACK_PACKAGE_VENDOR "The hipport developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Port CUDA codebases to HIP/ROCm; lint, report and validate the port")
set(CPACK_PACKAGE_CONTACT "The hipport developers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# The parser needs clang's resource headers (clang-22) and CUDA's, which the
# user brings; validate builds drivers with a C++ compiler and Boost.Context.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libclang-cpp22, libllvm22, libfmt9, clang-22, g++, libboost-context-dev")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-22, hipcc")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
include(CPack)
