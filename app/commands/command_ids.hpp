#pragma once
/// @file command_ids.hpp
/// QUndoCommand::id() values of the commands that merge consecutive edits (mergeWith).

namespace app {

enum CommandId : int {
    kMoveCommandId = 1,      ///< repeated moves of the same nodes fold into one step
    kPropertyCommandId = 2,  ///< repeated edits of one property of one item fold into one step
};

} // namespace app
